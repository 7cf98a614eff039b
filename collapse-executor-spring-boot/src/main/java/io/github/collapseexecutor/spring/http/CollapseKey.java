package io.github.collapseexecutor.spring.http;

import java.util.List;

/**
 * The identity of a request for collapsing: two requests share a response only if their keys are
 * equal. Built by {@link CollapseRules}; holds the method, scheme, host, port and path, the query
 * parameters that count, the headers of the group's policy and the sensitive headers.
 *
 * <p>{@link #toString()} shows the method, origin and path only: query strings and header values
 * may hold credentials and must not reach logs or exception messages.
 */
public final class CollapseKey {

  private final String target;
  private final String query;
  private final List<List<String>> headers;
  private final int group;
  private final int hash;

  CollapseKey(String target, String query, List<List<String>> headers, int group) {
    this.target = target;
    this.query = query;
    this.headers = headers;
    this.group = group;
    this.hash = 31 * (31 * target.hashCode() + query.hashCode()) + headers.hashCode();
  }

  /**
   * Returns the index of the collapse group the request matched. Not part of equality: the path,
   * which is, decides the group.
   */
  public int group() {
    return group;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CollapseKey that
        && hash == that.hash
        && target.equals(that.target)
        && query.equals(that.query)
        && headers.equals(that.headers);
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
