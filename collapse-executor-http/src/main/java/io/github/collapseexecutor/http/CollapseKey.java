package io.github.collapseexecutor.http;

import io.github.collapseexecutor.fleet.PortableText;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The identity of a request for collapsing: two requests share a response only if their keys are
 * equal. Built by {@link CollapseRules}; holds the method, scheme, host, port and path, the
 * {@code Host} header, the query parameters that count (those that carry a credential always),
 * the headers of the group's policy, the sensitive headers, and what an adapter knows a later stage
 * adds to the request.
 *
 * <p>{@link #toString()} shows the method, origin and path only: query strings and header values
 * may hold credentials and must not reach logs or exception messages.
 */
public final class CollapseKey {

  private final String target;
  private final Object query;
  private final List<List<@Nullable String>> headers;
  private final Map<String, List<@Nullable String>> namedHeaders;
  private final @Nullable Object context;
  private final int group;
  private final int hash;

  /**
   * @param query the raw query, or what of it counts under the group's policy
   * @param headers the values of the group's key headers, in the group's order
   * @param namedHeaders the headers a sensitive pattern names, by lower-case name
   * @param context what else decides the request sent; may be null
   */
  CollapseKey(String target, Object query, List<List<@Nullable String>> headers,
      Map<String, List<@Nullable String>> namedHeaders, @Nullable Object context, int group) {
    this.target = target;
    this.query = query;
    this.headers = headers;
    this.namedHeaders = namedHeaders;
    this.context = context;
    this.group = group;
    this.hash = 31 * (31 * (31 * (31 * target.hashCode() + query.hashCode()) + headers.hashCode())
        + namedHeaders.hashCode()) + Objects.hashCode(context);
  }

  /**
   * Returns the index of the collapse group the request matched. Not part of equality: the path,
   * which is, decides the group.
   */
  public int group() {
    return group;
  }

  /**
   * Returns the key as text that another instance of the application writes alike for an equal
   * key, for a fleet tier ({@link Fleet}); or {@code null} if a part of it cannot be written
   * so: what the adapter knows of the request beyond its headers holds a value compared by an
   * {@code equals} that text cannot carry. The text holds query and header values as sent,
   * credentials included: a tier keeps only a keyed digest of it.
   */
  public @Nullable List<String> portableText() {
    try {
      return List.of(target, PortableText.of(query, false), PortableText.of(headers, false),
          PortableText.of(namedHeaders, false), PortableText.of(context, false));
    } catch (PortableText.Unwritable e) {
      return null;
    }
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapseKey that
        && hash == that.hash
        && target.equals(that.target)
        && query.equals(that.query)
        && headers.equals(that.headers)
        && namedHeaders.equals(that.namedHeaders)
        && Objects.equals(context, that.context);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return target + " (query and header values not shown)";
  }
}
