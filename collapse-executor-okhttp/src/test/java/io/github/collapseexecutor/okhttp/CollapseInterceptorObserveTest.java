package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Observe mode through the OkHttp interceptor, against a real server on loopback whose handler
 * holds each call until every call of the round has reached it: each call is its own, and all but
 * the first would have joined.
 */
@Timeout(60)
final class CollapseInterceptorObserveTest {

  private static final int N = 20;

  private final AtomicInteger runs = new AtomicInteger();
  private final CountDownLatch arrivals = new CountDownLatch(N);
  private final CollapseInterceptor interceptor =
      new CollapseInterceptor(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/items/*"))
              .observeOnly(true)
              .build());
  private final OkHttpClient client =
      new OkHttpClient.Builder().addInterceptor(interceptor).build();
  private final ExecutorService callers = Executors.newFixedThreadPool(N);
  private LoopbackTomcat tomcat;

  @BeforeEach
  void start() throws Exception {
    tomcat = LoopbackTomcat.start(new HeldServlet());
  }

  @AfterEach
  void stop() throws Exception {
    callers.shutdownNow();
    interceptor.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
    tomcat.close();
  }

  @Test
  void identicalCallsEachReachTheServerAndAllButOneWouldJoin() throws Exception {
    List<String> bodies = round("/items/1");

    assertThat(runs).hasValue(N);
    assertThat(bodies).doesNotHaveDuplicates();
    assertThat(interceptor.stats().passedThrough()).isEqualTo(N);
    assertThat(interceptor.stats().wouldJoin()).isEqualTo(N - 1);
    assertThat(interceptor.stats().wouldSave()).isEqualTo(N - 1);
    assertThat(interceptor.stats().unshared(UnsharedReason.SET_COOKIE)).isZero();
  }

  private List<String> round(String path) throws Exception {
    List<Future<String>> sent = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      sent.add(
          callers.submit(
              () -> {
                Request request =
                    new Request.Builder().url("http://127.0.0.1:" + tomcat.port() + path).build();
                try (Response response = client.newCall(request).execute()) {
                  return response.body().string();
                }
              }));
    }
    List<String> bodies = new ArrayList<>();
    for (Future<String> body : sent) {
      bodies.add(body.get(40, TimeUnit.SECONDS));
    }
    return bodies;
  }

  /** Answers once every call of the round is in it, each with its own run's number. */
  private final class HeldServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      int run = runs.incrementAndGet();
      arrivals.countDown();
      try {
        assertThat(arrivals.await(30, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      response.setContentType("text/plain");
      response.getWriter().write("run " + run);
    }
  }
}
