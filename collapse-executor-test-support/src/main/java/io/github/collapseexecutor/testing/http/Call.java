package io.github.collapseexecutor.testing.http;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One request of a test, as a client sends it.
 *
 * @param method {@code GET}, {@code HEAD}, ...
 * @param target the path and query, exactly as they must be sent (already percent-encoded)
 * @param headers the request headers to add; a {@code null} value goes into the client's header
 *     map as it is, where the client takes one
 * @param body the body to send, or {@code null} for none
 * @param limit a limit of the caller's own on this request, or {@code null} for none
 */
public record Call(
    String method,
    String target,
    Map<String, @Nullable String> headers,
    @Nullable String body,
    @Nullable Limit limit) {

  /**
   * A limit that a caller sets on its own request or call.
   *
   * @param kind one of the client's {@link ClientFixture#limitKinds()}
   * @param duration how long the limit allows
   */
  public record Limit(String kind, Duration duration) {}

  public Call {
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  public static Call get(String target) {
    return new Call("GET", target, Map.of(), null, null);
  }

  public static Call get(String target, String header, @Nullable String value) {
    return get(target).with(header, value);
  }

  public static Call head(String target) {
    return new Call("HEAD", target, Map.of(), null, null);
  }

  /** Returns this call with one more header. */
  public Call with(String header, @Nullable String value) {
    Map<String, @Nullable String> more = new LinkedHashMap<>(headers);
    more.put(header, value);
    return new Call(method, target, more, body, limit);
  }

  /** Returns this call carrying {@code body}. */
  public Call withBody(String body) {
    return new Call(method, target, headers, body, limit);
  }

  /** Returns this call with a limit of the caller's own, or without one if either is null. */
  public Call withLimit(@Nullable String kind, @Nullable Duration duration) {
    return new Call(
        method,
        target,
        headers,
        body,
        kind == null || duration == null ? null : new Limit(kind, duration));
  }
}
