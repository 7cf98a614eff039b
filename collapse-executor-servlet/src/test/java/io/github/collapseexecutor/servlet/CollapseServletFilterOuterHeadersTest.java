package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.catalina.util.ServerInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Headers that a filter before the collapse filter sets stay each request's own: a waiting
 * request gets the shared response's headers without the leading request's values of them. And
 * what the chain clears of them (with {@code reset()}, {@code resetBuffer()} or by removing a
 * header) it clears for every request that shares its response, as it would have had each run the
 * chain itself.
 *
 * <p>The outer filter sets, before the chain, {@code X-Request-Id} from the caller's own
 * {@code X-Caller} (not in the key), a CORS-like {@code Vary: Origin}, a default
 * {@code Cache-Control: no-cache} and a cookie of its own, and for {@code /reset-buffer} writes a
 * line of the body; after the chain, {@code X-Trace}, which no reset reaches. The servlet adds
 * {@code Vary: Accept-Encoding} and replaces {@code Cache-Control}; for {@code /reset} after
 * calling {@code reset()}.
 */
final class CollapseServletFilterOuterHeadersTest {

  private static final int N = 20;

  private final AtomicInteger invocations = new AtomicInteger();

  /** Counts the requests that joined the shared call: their chain returned with async started. */
  private final CountDownLatch waiting = new CountDownLatch(N - 1);

  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(
                  CollapseGroup.ofUris("/item", "/session", "/reset", "/reset-buffer", "/remove"))
              .build());
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackTomcat tomcat;

  @BeforeEach
  void start() throws Exception {
    Filter outer =
        (req, res, chain) -> {
          if (req.getDispatcherType() == DispatcherType.ASYNC) {
            // once a request, as a OncePerRequestFilter does
            chain.doFilter(req, res);
            return;
          }
          HttpServletRequest request = (HttpServletRequest) req;
          HttpServletResponse response = (HttpServletResponse) res;
          String caller = request.getHeader("X-Caller");
          response.setHeader("X-Request-Id", "request-" + caller);
          response.addHeader("Vary", "Origin");
          response.setHeader("Cache-Control", "no-cache");
          response.addCookie(new Cookie("trace", "t" + caller));
          if (request.getRequestURI().equals("/reset-buffer")) {
            // through the writer, as the servlet writes: a response gives out one or the other
            response.getWriter().write("outer-" + caller + "\n");
          }
          chain.doFilter(req, res);
          response.setHeader("X-Trace", "trace-" + caller);
          if (request.isAsyncStarted()) {
            waiting.countDown();
          }
        };
    tomcat = LoopbackTomcat.start(new App(), outer, filter);
  }

  @AfterEach
  void stop() throws Exception {
    tomcat.close();
  }

  /** Holds the request that runs first until the others wait for it. */
  private final class App extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      invocations.incrementAndGet();
      try {
        waiting.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      switch (request.getRequestURI()) {
        case "/session" -> request.getSession(true);
        case "/reset" -> response.reset();
        case "/reset-buffer" -> response.resetBuffer();
        case "/remove" -> response.setHeader("X-Request-Id", null);
        default -> {}
      }
      response.addHeader("Vary", "Accept-Encoding");
      response.setHeader("Cache-Control", "public, max-age=60");
      response.setContentType("text/plain;charset=UTF-8");
      response.getWriter().write("shared body");
    }
  }

  @Test
  @Timeout(60)
  void everyCallerKeepsTheHeadersItsOwnOuterFilterSetAndTheHandlerRunsOnce() throws Exception {
    AtomicInteger callers = new AtomicInteger();

    List<List<Object>> callerAndResponse =
        Concurrently.run(
            N,
            () -> {
              int caller = callers.incrementAndGet();
              return List.of(caller, get("/item", caller));
            });

    assertThat(callerAndResponse)
        .allSatisfy(
            pair -> {
              int caller = (Integer) pair.get(0);
              @SuppressWarnings("unchecked")
              HttpResponse<String> response = (HttpResponse<String>) pair.get(1);
              assertThat(response.body()).isEqualTo("shared body");
              assertThat(response.headers().allValues("X-Request-Id"))
                  .containsExactly("request-" + caller);
              assertThat(response.headers().allValues("X-Trace"))
                  .containsExactly("trace-" + caller);
              assertThat(response.headers().allValues("Vary"))
                  .containsExactly("Origin", "Accept-Encoding");
              assertThat(response.headers().allValues("Cache-Control"))
                  .containsExactly("public, max-age=60");
              // a cookie the chain did not set does not stop sharing, and stays its caller's
              assertThat(response.headers().allValues("Set-Cookie"))
                  .containsExactly("trace=t" + caller);
            });
    assertThat(invocations.get()).isEqualTo(1);
    assertThat(filter.stats().replayed()).isEqualTo(N - 1);
  }

  /**
   * The container sets the cookie of a session the chain creates without passing through the
   * response wrappers; the response still counts as one that sets a cookie, and is not shared.
   */
  @Test
  @Timeout(60)
  void aResponseWhoseChainCreatedASessionIsNotShared() throws Exception {
    AtomicInteger callers = new AtomicInteger();

    List<HttpResponse<String>> responses =
        Concurrently.run(N, () -> get("/session", callers.incrementAndGet()));

    assertThat(responses)
        .extracting(
            response ->
                response.headers().allValues("Set-Cookie").stream()
                    .filter(cookie -> cookie.startsWith("JSESSIONID="))
                    .findFirst()
                    .orElseThrow())
        .doesNotHaveDuplicates();
    assertThat(invocations.get()).isEqualTo(N);
  }

  /**
   * A chain that resets the response clears the outer filter's headers of the leading request's
   * response before the others wait for it; each of them gets the response without its own.
   */
  @Test
  @Timeout(60)
  void afterResetNoCallerKeepsWhatTheFiltersBeforeItHadSet() throws Exception {
    assumeRemovableHeaders();
    assertThat(callConcurrently("/reset"))
        .allSatisfy(
            response -> {
              assertThat(response.body()).isEqualTo("shared body");
              assertThat(response.headers("X-Request-Id")).isEmpty();
              assertThat(response.headers("Set-Cookie")).isEmpty();
              assertThat(response.headers("Vary")).containsExactly("Accept-Encoding");
              assertThat(response.headers("Cache-Control")).containsExactly("public, max-age=60");
              assertThat(response.headers("X-Trace")).containsExactly("trace-" + response.caller());
            });
    assertThat(invocations.get()).isEqualTo(1);
    assertThat(filter.stats().replayed()).isEqualTo(N - 1);
  }

  @Test
  @Timeout(60)
  void afterResetBufferNoCallerKeepsWhatTheFiltersBeforeItHadWritten() throws Exception {
    assertThat(callConcurrently("/reset-buffer"))
        .allSatisfy(
            response -> {
              assertThat(response.body()).isEqualTo("shared body");
              assertThat(response.headers("X-Request-Id"))
                  .containsExactly("request-" + response.caller());
              assertThat(response.headers("Set-Cookie"))
                  .containsExactly("trace=t" + response.caller());
            });
    assertThat(invocations.get()).isEqualTo(1);
  }

  @Test
  @Timeout(60)
  void aHeaderTheChainRemovedIsRemovedForEveryCaller() throws Exception {
    assumeRemovableHeaders();
    assertThat(callConcurrently("/remove"))
        .allSatisfy(
            response -> {
              assertThat(response.body()).isEqualTo("shared body");
              assertThat(response.headers("X-Request-Id")).isEmpty();
              assertThat(response.headers("Set-Cookie"))
                  .containsExactly("trace=t" + response.caller());
              assertThat(response.headers("X-Trace")).containsExactly("trace-" + response.caller());
            });
    assertThat(invocations.get()).isEqualTo(1);
  }

  /**
   * Servlet 6.1 made {@code setHeader(name, null)} remove a header; a Servlet 6.0 container
   * (Tomcat 10.1, Spring Boot 3's) ignores it and has no other way to remove one, so a joiner
   * keeps what the filters before the collapse filter set.
   */
  private static void assumeRemovableHeaders() {
    assumeFalse(
        ServerInfo.getServerNumber().startsWith("10."),
        "a Servlet 6.0 container cannot remove a header");
  }

  /** One caller's number and the response it got. */
  private record CallerResponse(int caller, HttpResponse<String> response) {

    String body() {
      return response.body();
    }

    List<String> headers(String name) {
      return response.headers().allValues(name);
    }
  }

  private List<CallerResponse> callConcurrently(String path) throws Exception {
    AtomicInteger callers = new AtomicInteger();
    return Concurrently.run(
        N,
        () -> {
          int caller = callers.incrementAndGet();
          return new CallerResponse(caller, get(path, caller));
        });
  }

  private HttpResponse<String> get(String path, int caller) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
            .header("X-Caller", Integer.toString(caller))
            .timeout(Duration.ofSeconds(20))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
