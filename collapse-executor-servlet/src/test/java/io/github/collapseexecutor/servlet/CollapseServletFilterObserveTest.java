package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Observe mode through the servlet filter: every request runs the handler as with no filter, and
 * the filter counts what collapse would have done. The handler holds each request until all of a
 * round have arrived in it, so every request of the round is in progress while the first one is:
 * all but that one would have joined.
 */
@Timeout(60)
final class CollapseServletFilterObserveTest {

  private static final int N = 50;

  private final AtomicInteger runs = new AtomicInteger();
  private volatile CountDownLatch arrivals = new CountDownLatch(N);
  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/items/*"))
              .group(CollapseGroup.ofUris("/cookie/*"))
              .group(CollapseGroup.ofUris("/private/*"))
              .observeOnly(true)
              .build());
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackTomcat tomcat;

  @BeforeEach
  void start() throws Exception {
    tomcat = LoopbackTomcat.start(new HeldServlet(), filter);
  }

  @AfterEach
  void stop() throws Exception {
    filter.close();
    tomcat.close();
  }

  @Test
  void identicalRequestsEachRunTheHandlerAndAllButOneWouldJoin() throws Exception {
    List<HttpResponse<String>> responses = round(i -> request("/items/1"));

    assertThat(runs.get()).isEqualTo(N);
    Set<String> bodies = new HashSet<>();
    for (HttpResponse<String> response : responses) {
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.headers().firstValue("X-Item")).hasValue("1");
      bodies.add(response.body());
    }
    // each its own run, as with no filter
    assertThat(bodies).hasSize(N);
    HttpCollapseStats items = filter.stats().groups().get(0);
    assertThat(items.passedThrough()).isEqualTo(N);
    assertThat(items.led() + items.replayed() + items.fellBack()).isZero();
    assertThat(items.wouldJoin()).isEqualTo(N - 1);
    assertThat(items.wouldSave()).isEqualTo(N - 1);
    // one would-be call of 50 callers: the bucket of 17 to 64
    assertThat(items.fanIn()).containsExactly(0L, 0L, 0L, 0L, 0L, 1L, 0L);
    assertThat(items.topKeys()).hasSize(1);
    String label = items.topKeys().keySet().iterator().next();
    assertThat(label).matches("/items/\\* #[0-9a-f]{6}");
    assertThat(items.topKeys()).containsValue((long) N - 1);
  }

  @Test
  void responsesThatSetACookieOrArePrivateAreCountedUnderTheirReasonNotAsSavings()
      throws Exception {
    round(i -> request("/cookie/1"));
    arrivals = new CountDownLatch(N);
    round(i -> request("/private/1"));

    HttpCollapseStats cookie = filter.stats().groups().get(1);
    assertThat(cookie.wouldJoin()).isEqualTo(N - 1);
    assertThat(cookie.wouldSave()).isZero();
    assertThat(cookie.unshared(UnsharedReason.SET_COOKIE)).isEqualTo(N);
    HttpCollapseStats uncached = filter.stats().groups().get(2);
    assertThat(uncached.wouldJoin()).isEqualTo(N - 1);
    assertThat(uncached.wouldSave()).isZero();
    assertThat(uncached.unshared(UnsharedReason.PRIVATE)).isEqualTo(N);
  }

  @Test
  void differentCredentialsNeverCountAsJoins() throws Exception {
    round(i -> request("/items/2").header("Authorization", "Bearer user-" + i));

    HttpCollapseStats items = filter.stats().groups().get(0);
    assertThat(runs.get()).isEqualTo(N);
    assertThat(items.wouldJoin()).isZero();
    assertThat(items.fanIn()).containsExactly((long) N, 0L, 0L, 0L, 0L, 0L, 0L);
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
        .timeout(Duration.ofSeconds(30));
  }

  private List<HttpResponse<String>> round(IntFunction<HttpRequest.Builder> request)
      throws Exception {
    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      sent.add(http.sendAsync(request.apply(i).build(), HttpResponse.BodyHandlers.ofString()));
    }
    List<HttpResponse<String>> responses = new ArrayList<>();
    for (CompletableFuture<HttpResponse<String>> response : sent) {
      responses.add(response.get(40, TimeUnit.SECONDS));
    }
    return responses;
  }

  /** Answers once every request of the round is in it, each with its own run's number. */
  private final class HeldServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      int run = runs.incrementAndGet();
      CountDownLatch round = arrivals;
      round.countDown();
      try {
        assertThat(round.await(30, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      String path = request.getRequestURI();
      if (path.startsWith("/cookie/")) {
        response.addHeader("Set-Cookie", "seen=" + run);
      } else if (path.startsWith("/private/")) {
        response.setHeader("Cache-Control", "private");
      }
      response.setHeader("X-Item", path.substring(path.lastIndexOf('/') + 1));
      response.setContentType("text/plain;charset=UTF-8");
      response.getWriter().write("run " + run);
    }
  }
}
