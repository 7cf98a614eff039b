package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/**
 * OkHttp against a real backend, configured by a YAML with a section per adapter, okhttp's among
 * them: the injected interceptor collapses identical concurrent calls.
 */
@SpringBootTest(
    classes = OkHttpEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE)
@ActiveProfiles("sections")
final class OkHttpEndToEndTest {

  private static final int N = 8;
  private static final GatedBackend backend = new GatedBackend();

  @Autowired private CollapseInterceptor collapse;

  @Autowired private MeterRegistry registry;

  @Autowired private CollapseEndpoint endpoint;

  @BeforeAll
  static void startBackend() {
    backend.start();
  }

  @AfterAll
  static void stopBackend() {
    backend.stop();
  }

  @Test
  void injectedInterceptorCollapsesConcurrentIdenticalCalls() throws Exception {
    OkHttpClient client = client(N);

    List<String> bodies = Concurrently.run(N, () -> get(client, "/user/5"));

    assertThat(bodies).hasSize(N).containsOnly("answer");
    assertThat(backend.calls("/user/5")).isBetween(1, N - 1);
    assertThat(
            registry
                .get("collapse.http.requests")
                .tag("integration", "okhttp")
                .tag("outcome", "replayed")
                .functionCounter()
                .count())
        .isPositive();
    assertThat(endpoint.collapse().executors())
        .anySatisfy(
            executor -> {
              assertThat(executor.integration()).isEqualTo("okhttp");
              assertThat(executor.traffic().counts().replayed())
                  .isEqualTo(collapse.stats().replayed());
              assertThat(executor.traffic().backendCalls()).isEqualTo(backend.calls("/user/5"));
            });
  }

  @Test
  void pathsOutsideEveryGroupPassThrough() throws Exception {
    OkHttpClient client = client(N);

    Concurrently.run(N, () -> get(client, "/orders/5"));

    assertThat(backend.calls("/orders/5")).isEqualTo(N);
  }

  private OkHttpClient client(int callers) {
    CountDownLatch arrivals = new CountDownLatch(callers);
    backend.holdUntil(arrivals);
    Interceptor counting =
        chain -> {
          arrivals.countDown();
          return chain.proceed(chain.request());
        };
    return new OkHttpClient.Builder()
        .callTimeout(Duration.ofSeconds(20))
        .addInterceptor(counting)
        .addInterceptor(collapse)
        .build();
  }

  private static String get(OkHttpClient client, String path) throws Exception {
    Request request = new Request.Builder().url(backend.baseUrl() + path).build();
    try (Response response = client.newCall(request).execute()) {
      return response.body().string();
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}
}
