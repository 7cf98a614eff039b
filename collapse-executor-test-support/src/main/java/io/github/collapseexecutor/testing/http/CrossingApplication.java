package io.github.collapseexecutor.testing.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The application of {@link ServerCrossingContract}, which each server's fixture serves behind
 * its filters: what the handler answers for each path, how many times it ran, and the header a
 * filter before every collapse filter sets. Its answers depend only on the request, so that a
 * response another instance produced and one a request's own run produces compare as equal.
 *
 * <ul>
 *   <li>{@code /u/plain}: a text body, cacheable by anyone; and the same at {@code /u/cors},
 *       where the outer filter sets CORS headers ({@link #outerHeaders});</li>
 *   <li>{@code /u/vary}: a body naming the request's {@code X-Variant}, a header outside the key,
 *       with {@code Vary: X-Variant};</li>
 *   <li>{@code /u/etag}: 200 with {@code ETag}, or 304 when the request's {@code If-None-Match}
 *       matches it;</li>
 *   <li>{@code /u/cookie}: a body with a {@code Set-Cookie};</li>
 *   <li>{@code /u/private}: a body with {@code Cache-Control: private};</li>
 *   <li>{@code /u/no-store}: a body with {@code Cache-Control: no-store}; and the same at
 *       {@code /n/no-store}, in a group whose policy shares no uncacheable response.</li>
 * </ul>
 */
public final class CrossingApplication {

  /** The request header that names the caller: outside every key. */
  public static final String CALLER = "X-Caller";

  /** The response header the outer filter sets from the caller's {@link #CALLER}. */
  public static final String REQUEST_ID = "X-Request-Id";

  public static final String ETAG = "\"v1\"";
  public static final String TEXT = "the answer of the application, the same for every caller";

  private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

  /**
   * What the handler answers.
   *
   * @param status the status
   * @param headers the headers, in the order to set them (a name may repeat)
   * @param body the body, UTF-8 text; empty for none
   */
  public record Answer(int status, List<Map.Entry<String, String>> headers, String body) {}

  /**
   * Returns the headers a filter before every collapse filter sets on the response before it
   * passes the request on: a request id of the caller's own, as a tracing filter sets; and for
   * {@code /u/cors}, {@code Vary: Origin} and the request's {@code Origin} as the one allowed, as
   * a CORS filter sets them.
   */
  public Map<String, String> outerHeaders(
      String path, Function<String, @Nullable String> requestHeader) {
    String caller = requestHeader.apply(CALLER);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put(REQUEST_ID, "request-" + (caller == null ? "none" : caller));
    if (path.equals("/u/cors")) {
      headers.put("Vary", "Origin");
      String origin = requestHeader.apply("Origin");
      if (origin != null) {
        headers.put("Access-Control-Allow-Origin", origin);
      }
    }
    return headers;
  }

  /**
   * Runs the handler for {@code path}, with the request's headers given by name, and counts the
   * run.
   */
  public Answer answer(String path, Function<String, @Nullable String> requestHeader) {
    runs.computeIfAbsent(path, any -> new AtomicInteger()).incrementAndGet();
    return switch (path) {
      case "/u/plain", "/u/cors" -> text(Map.entry("Cache-Control", "public, max-age=60"));
      case "/u/vary" ->
          new Answer(
              200,
              List.of(
                  Map.entry("Vary", "X-Variant"),
                  Map.entry("Content-Type", "text/plain;charset=UTF-8")),
              "variant=" + requestHeader.apply("X-Variant"));
      case "/u/etag" ->
          ETAG.equals(requestHeader.apply("If-None-Match"))
              ? new Answer(304, List.of(Map.entry("ETag", ETAG)), "")
              : text(Map.entry("ETag", ETAG));
      case "/u/cookie" -> text(Map.entry("Set-Cookie", "session=s1; Path=/"));
      case "/u/private" -> text(Map.entry("Cache-Control", "private, max-age=60"));
      case "/u/no-store", "/n/no-store" -> text(Map.entry("Cache-Control", "no-store"));
      default -> new Answer(404, List.of(), "");
    };
  }

  /** Returns how many times the handler ran for {@code path}. */
  public int runs(String path) {
    AtomicInteger count = runs.get(path);
    return count == null ? 0 : count.get();
  }

  private static Answer text(Map.Entry<String, String> header) {
    return new Answer(
        200, List.of(header, Map.entry("Content-Type", "text/plain;charset=UTF-8")), TEXT);
  }
}
