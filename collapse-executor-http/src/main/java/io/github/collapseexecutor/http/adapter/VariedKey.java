package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.RequestHeaders;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A key widened by the values of the request headers its responses vary on ({@code Vary}), which
 * the key itself does not hold: requests share a call only if they sent the same values, so each
 * gets the representation made for its own (RFC 9111 section 4.1).
 *
 * @param key the request's key
 * @param names the lower-case header names, in the order the response listed them
 * @param values the request's values of each of {@code names}
 */
record VariedKey(CollapseKey key, List<String> names, List<List<@Nullable String>> values) {

  /** Returns {@code key} widened by the values {@code request} sent for {@code names}. */
  static VariedKey of(CollapseKey key, List<String> names, RequestHeaders request) {
    List<List<@Nullable String>> values = new ArrayList<>(names.size());
    for (String name : names) {
      // not List.copyOf: a client's header map may hold a null value
      values.add(new ArrayList<>(request.values(name)));
    }
    return new VariedKey(key, names, List.copyOf(values));
  }

  @Override
  public String toString() {
    // values may hold anything a request sent; the key's own toString hides them too
    return key + " varied on " + names;
  }
}
