package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.RequestHeaders;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What requests share a call by, and what hit-for-pass remembers: a request's key, widened by the
 * values of the request headers its responses vary on ({@code Vary}) that the key does not hold,
 * so that each request gets the representation made for its own (RFC 9111 section 4.1).
 *
 * @param varyNames the lower-case header names, in the order the response listed them; empty if
 *     no {@code Vary} widens the key
 * @param varyValues the request's values of each of {@code varyNames}
 */
record FlightKey(CollapseKey key, List<String> varyNames, List<List<@Nullable String>> varyValues)
    implements CallKey {

  /** Returns {@code key} widened by the values {@code request} sent for {@code names}. */
  static FlightKey of(CollapseKey key, List<String> names, RequestHeaders request) {
    List<List<@Nullable String>> values = new ArrayList<>(names.size());
    for (String name : names) {
      // not List.copyOf: a client's header map may hold a null value
      values.add(new ArrayList<>(request.values(name)));
    }
    return new FlightKey(key, names, List.copyOf(values));
  }

  @Override
  public FlightKey flight() {
    return this;
  }

  @Override
  public String toString() {
    // values may hold anything a request sent; the key's own toString hides them too
    return varyNames.isEmpty() ? key.toString() : key + " varied on " + varyNames;
  }
}
