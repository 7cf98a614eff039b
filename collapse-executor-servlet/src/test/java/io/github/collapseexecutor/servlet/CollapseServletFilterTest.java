package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Arrivals;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.ServletException;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class CollapseServletFilterTest {

  private static final int N = 12;

  private final AtomicInteger invocations = new AtomicInteger();
  // a request arrives once the filter has given it its place (it leads, waits or goes through),
  // not when it enters the application: one still on its way to the filter when the first chain
  // ends would start a second shared call
  private final Arrivals arrivals = new Arrivals();
  private final CountDownLatch releaseSlow = new CountDownLatch(1);
  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/user/*", "/cookie", "/private", "/throw", "/slow"))
              .waitTimeout(Duration.ofMillis(300))
              .observations(arrivals.inCollapse())
              .build());
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackTomcat tomcat;
  private int port;

  @BeforeEach
  void start() throws Exception {
    arrivals.expect(N);
    tomcat = LoopbackTomcat.start(new App(), filter);
    port = tomcat.port();
  }

  @AfterEach
  void stop() throws Exception {
    releaseSlow.countDown();
    tomcat.close();
  }

  /** Holds the request that runs first until every request of the test has arrived. */
  private final class App extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException, ServletException {
      int invocation = invocations.incrementAndGet();
      arrivals.await();
      switch (request.getRequestURI()) {
        case "/cookie" -> response.addCookie(new Cookie("session", "s" + invocation));
        case "/private" -> response.setHeader("Cache-Control", "private, max-age=60");
        case "/throw" -> {
          if (invocation == 1) {
            throw new ServletException("the first request fails");
          }
        }
        case "/slow" -> {
          if (invocation == 1) {
            awaitQuietly(releaseSlow);
          }
        }
        default -> {
          response.setHeader("Cache-Control", "public, max-age=60");
          response.addHeader("X-Multi", "a");
          response.addHeader("X-Multi", "b");
          response.setHeader("ETag", "\"v1\"");
        }
      }
      response.setContentType("text/plain;charset=UTF-8");
      response
          .getWriter()
          .write(
              "body of "
                  + request.getRequestURI()
                  + "?"
                  + request.getQueryString()
                  + (request.getRequestURI().equals("/slow") ? " " + invocation : ""));
    }

    private void awaitQuietly(CountDownLatch latch) {
      try {
        latch.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private HttpResponse<String> send(String method, String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(15))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void concurrentIdenticalGetsRunTheChainOnceAndReplayEveryHeader() throws Exception {
    List<HttpResponse<String>> responses = Concurrently.run(N, () -> send("GET", "/user/1?a=1"));

    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.body()).isEqualTo("body of /user/1?a=1");
              assertThat(response.headers().allValues("X-Multi")).containsExactly("a", "b");
              assertThat(response.headers().firstValue("ETag")).hasValue("\"v1\"");
              assertThat(response.headers().firstValue("Cache-Control"))
                  .hasValue("public, max-age=60");
              assertThat(response.headers().firstValue("Content-Type"))
                  .hasValue("text/plain;charset=UTF-8");
            });
    assertThat(invocations.get()).isLessThan(N);
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void differentQueriesRunTheChainSeparately() throws Exception {
    AtomicInteger next = new AtomicInteger();

    List<List<String>> expectedAndActual =
        Concurrently.run(
            N,
            () -> {
              int i = next.getAndIncrement() % 3;
              return List.of("body of /user/1?q=" + i, send("GET", "/user/1?q=" + i).body());
            });

    assertThat(expectedAndActual)
        .allSatisfy(pair -> assertThat(pair.get(1)).isEqualTo(pair.get(0)));
    assertThat(invocations.get()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void postIsNeverCollapsed() throws Exception {
    arrivals.expect(0);
    List<HttpResponse<String>> responses = Concurrently.run(N, () -> send("POST", "/user/1"));

    assertThat(responses).allSatisfy(response -> assertThat(response.statusCode()).isEqualTo(405));
    assertThat(filter.stats().passedThrough()).isEqualTo(N);
  }

  @Test
  void aResponseThatSetsACookieIsNotReplayedAndEveryRequestRunsTheChain() throws Exception {
    List<HttpResponse<String>> responses = Concurrently.run(N, () -> send("GET", "/cookie"));

    assertThat(invocations.get()).isEqualTo(N);
    assertThat(responses)
        .extracting(response -> response.headers().firstValue("Set-Cookie").orElseThrow())
        .doesNotHaveDuplicates();
  }

  @Test
  void aPrivateResponseIsNotReplayed() throws Exception {
    List<HttpResponse<String>> responses = Concurrently.run(N, () -> send("GET", "/private"));

    assertThat(invocations.get()).isEqualTo(N);
    assertThat(responses).allSatisfy(response -> assertThat(response.statusCode()).isEqualTo(200));
  }

  @Test
  void whenTheLeadersChainThrowsOnlyItFailsAndTheWaitersRunTheChainThemselves() throws Exception {
    List<HttpResponse<String>> responses = Concurrently.run(N, () -> send("GET", "/throw"));

    assertThat(responses).filteredOn(response -> response.statusCode() == 500).hasSize(1);
    assertThat(responses)
        .filteredOn(response -> response.statusCode() == 200)
        .hasSize(N - 1)
        .allSatisfy(response -> assertThat(response.body()).isEqualTo("body of /throw?null"));
    assertThat(invocations.get()).isEqualTo(N);
  }

  @Test
  void waitersThatTimeOutRunTheChainThemselvesWhileTheLeaderGoesOn() throws Exception {
    CountDownLatch answered = new CountDownLatch(N - 1);
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      calls.add(
          http.sendAsync(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/slow"))
                      .timeout(Duration.ofSeconds(15))
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .whenComplete((r, e) -> answered.countDown()));
    }

    // the leader is held until the others have their answers, well past their 300 ms wait
    assertThat(answered.await(15, TimeUnit.SECONDS)).isTrue();
    releaseSlow.countDown();
    List<String> bodies = new ArrayList<>();
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      bodies.add(call.get(15, TimeUnit.SECONDS).body());
    }

    assertThat(bodies).containsOnlyOnce("body of /slow?null 1").hasSize(N);
    assertThat(invocations.get()).isEqualTo(N);
    assertThat(filter.stats().fellBack()).isEqualTo(N - 1);
  }
}
