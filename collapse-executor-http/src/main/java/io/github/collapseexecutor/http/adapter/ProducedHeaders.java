package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The headers that the collapsed part of a server's chain (the filters after the collapse filter,
 * and the handler) put on the response of the request that ran it: what the response holds once
 * the part is done, less what the filters before the collapse filter had already set on it.
 *
 * <p>The filters before the collapse filter run for every request, the waiting ones too, and set
 * their own values (a request id, a trace header, CORS headers) on each request's own response.
 * A replay that copied the leading request's values would give a waiting request a second, wrong
 * value; a server adapter takes the headers {@link #since} before the chain runs and replays only
 * what {@link #of} returns.
 *
 * <pre>{@code
 * ProducedHeaders outer = ProducedHeaders.since(headersOf(response));
 * chain.doFilter(request, recorder);
 * ProducedHeaders.Produced produced = outer.of(headersOf(response), false);
 * }</pre>
 */
@Incubating
public final class ProducedHeaders {

  /** The values each header held before, by lower-case name. */
  private final Map<String, List<String>> before = new HashMap<>();

  private ProducedHeaders(Map<String, ? extends List<String>> headers) {
    headers.forEach((name, values) -> before.put(lower(name), List.copyOf(values)));
  }

  /**
   * Remembers the headers a response holds now, before the collapsed part runs.
   *
   * @param headers each header name once, with all its values in order
   */
  public static ProducedHeaders since(Map<String, ? extends List<String>> headers) {
    return new ProducedHeaders(headers);
  }

  /**
   * Returns the headers the collapsed part produced. A header whose values the filters before
   * had set and the collapsed part left alone is not among them; one to which it added values
   * gives only the added values; one whose values it replaced gives all of its values, and its
   * name is among the {@link Produced#replaced()} ones; one it removed is among the
   * {@link Produced#removed()} ones.
   *
   * @param headers the headers the response holds now: each name once, with all its values
   * @param cleared whether the collapsed part cleared every header the filters before had set
   *     (a servlet's {@code reset()}): every header the response holds is then produced, and
   *     replaces
   */
  public Produced of(Map<String, ? extends List<String>> headers, boolean cleared) {
    List<Map.Entry<String, @Nullable String>> produced = new ArrayList<>();
    Set<String> replaced = new HashSet<>();
    Set<String> removed = new HashSet<>(before.keySet());
    headers.forEach(
        (name, values) -> {
          removed.remove(lower(name));
          List<String> earlier = cleared ? List.of() : before.getOrDefault(lower(name), List.of());
          if (values.equals(earlier)) {
            return;
          }
          List<String> added = values;
          if (!cleared && startsWith(values, earlier)) {
            added = values.subList(earlier.size(), values.size());
          } else {
            replaced.add(lower(name));
          }
          added.forEach(value -> produced.add(HeaderLists.entry(name, value)));
        });
    return new Produced(produced, replaced, cleared ? Set.of() : removed);
  }

  /**
   * What the collapsed part produced, and what it took away of what the filters before had set.
   *
   * @param headers the headers, in order, one entry per value, names as the response gives them
   * @param replaced the lower-case names whose values it set over values of the filters before:
   *     a replay sets these, replacing the waiting request's own, and adds the others
   * @param removed the lower-case names of headers the filters before had set and it removed: a
   *     replay removes the waiting request's own
   */
  public record Produced(
      List<Map.Entry<String, @Nullable String>> headers,
      Set<String> replaced,
      Set<String> removed) {

    /** Copies the lists and sets. */
    public Produced {
      headers = List.copyOf(headers);
      replaced = Set.copyOf(replaced);
      removed = Set.copyOf(removed);
    }
  }

  private static boolean startsWith(List<String> values, List<String> prefix) {
    return values.size() >= prefix.size() && values.subList(0, prefix.size()).equals(prefix);
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
