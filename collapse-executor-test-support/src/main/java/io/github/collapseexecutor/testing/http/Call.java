package io.github.collapseexecutor.testing.http;

import java.util.Map;

/**
 * One request of a test, as a client sends it.
 *
 * @param method {@code GET}, {@code HEAD}, ...
 * @param target the path and query, exactly as they must be sent (already percent-encoded)
 * @param headers the request headers to add
 */
public record Call(String method, String target, Map<String, String> headers) {

  public static Call get(String target) {
    return new Call("GET", target, Map.of());
  }

  public static Call get(String target, String header, String value) {
    return new Call("GET", target, Map.of(header, value));
  }

  public static Call head(String target) {
    return new Call("HEAD", target, Map.of());
  }
}
