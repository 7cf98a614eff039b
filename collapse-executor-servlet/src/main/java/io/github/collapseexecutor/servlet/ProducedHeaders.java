package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.servlet.ReplayObservation.Recorded;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The headers that the collapsed part of a chain (the filters after the collapse filter and the
 * servlet) put on the response of the request that ran it: what the response holds once the chain
 * returned, less what the filters before the collapse filter had already set on it.
 *
 * <p>The filters before the collapse filter run for every request, waiting ones included, and set
 * their headers (a request id, a trace header, CORS headers) on each request's own response; copying
 * the leading request's values onto a replay would give a waiting request a second, wrong value.
 * The difference is taken on the container's response rather than by watching the setters, because
 * the container adds some headers without passing through any wrapper (the session cookie of a
 * session the chain created).
 */
final class ProducedHeaders {

  private final Map<String, List<String>> before = new HashMap<>();

  private ProducedHeaders(HttpServletResponse response) {
    read(response).forEach((name, values) -> before.put(lower(name), values));
  }

  /** Remembers the headers {@code response} holds now, before the collapsed part runs. */
  static ProducedHeaders since(HttpServletResponse response) {
    return new ProducedHeaders(response);
  }

  /**
   * Returns the headers the collapsed part produced on {@code response}. A header whose values the
   * filters before had set and the collapsed part left alone is not among them; one to which it
   * added values gives only the added values; one whose values it replaced gives all of its
   * values, and its name is among the {@link Produced#replaced()} ones; one it removed is among the
   * {@link Produced#removed()} ones.
   *
   * @param reset whether the collapsed part called {@code reset()}, which cleared every header
   *     the filters before had set: every header the response now holds is then produced, and
   *     replaces
   * @param bodyReset whether it called {@code reset()} or {@code resetBuffer()}, which cleared
   *     what the filters before had written of the body
   * @param bodyCharset the charset of the writer the collapsed part wrote its body through, or
   *     null if it wrote bytes
   */
  Produced of(HttpServletResponse response, boolean reset, boolean bodyReset,
      @Nullable Charset bodyCharset, @Nullable Recorded told) {
    List<Map.Entry<String, @Nullable String>> headers = new ArrayList<>();
    Set<String> replaced = new HashSet<>();
    Set<String> removed = new HashSet<>(before.keySet());
    read(response).forEach((name, values) -> {
      removed.remove(lower(name));
      List<String> earlier = reset ? List.of() : before.getOrDefault(lower(name), List.of());
      if (values.equals(earlier)) {
        return;
      }
      List<String> added = values;
      if (!reset && startsWith(values, earlier)) {
        added = values.subList(earlier.size(), values.size());
      } else {
        replaced.add(lower(name));
      }
      added.forEach(value -> headers.add(HeaderLists.entry(name, value)));
    });
    return new Produced(headers, Set.copyOf(replaced), reset ? Set.of() : Set.copyOf(removed),
        reset, bodyReset, bodyCharset, told);
  }

  /**
   * What the collapsed part produced, and what it cleared of what the filters before had set.
   *
   * @param headers the headers, in order, names as the response gives them
   * @param replaced the lower-case names whose values it set over values of the filters before:
   *     a replay sets these, replacing what the waiting request's own filters had set, and adds
   *     the others
   * @param removed the lower-case names of headers the filters before had set and it removed: a
   *     replay removes the waiting request's own
   * @param reset whether it called {@code reset()}: a replay removes every header the waiting
   *     request's own filters had set before the chain
   * @param bodyReset whether it called {@code reset()} or {@code resetBuffer()}: a replay clears
   *     what the waiting request's own filters had written of the body
   * @param bodyCharset the charset of the writer it wrote the body through, or null if it wrote
   *     bytes: a waiting request whose own filters took the writer gets the body decoded in it
   * @param told what it told the server's own observation, or null: a replay tells the waiting
   *     request's observation the same
   */
  record Produced(List<Map.Entry<String, @Nullable String>> headers, Set<String> replaced,
      Set<String> removed, boolean reset, boolean bodyReset, @Nullable Charset bodyCharset,
      @Nullable Recorded told) {}

  private static boolean startsWith(List<String> values, List<String> prefix) {
    return values.size() >= prefix.size() && values.subList(0, prefix.size()).equals(prefix);
  }

  /** Names as the response gives them, in order, each with all its values. */
  private static Map<String, List<String>> read(HttpServletResponse response) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String name : response.getHeaderNames()) {
      // a name comes once per value; getHeaders(name) returns all of them
      headers.putIfAbsent(name, List.copyOf(response.getHeaders(name)));
    }
    boolean contentType = headers.keySet().stream().anyMatch("Content-Type"::equalsIgnoreCase);
    if (!contentType && response.getContentType() != null) {
      headers.put("Content-Type", List.of(response.getContentType()));
    }
    return headers;
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
