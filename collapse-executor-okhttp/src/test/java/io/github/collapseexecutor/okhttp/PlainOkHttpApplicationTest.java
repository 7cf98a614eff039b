package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import io.github.collapseexecutor.testing.http.QuoteBackend;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An OkHttp application without Spring, which of this library needs only the core, the HTTP
 * module and this one: concurrent identical calls make one backend call, and every caller reads
 * its own body. Runs apart from the other tests, with Spring left off its class path.
 */
@Tag("plain-application")
final class PlainOkHttpApplicationTest {

  private static final int CALLERS = 50;

  private final JoinedCallers joined = new JoinedCallers(CALLERS - 1);
  private final ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
  private QuoteBackend backend;
  private CollapseInterceptor interceptor;
  private OkHttpClient client;

  @BeforeEach
  void start() throws IOException {
    backend = new QuoteBackend(joined);
    interceptor =
        new CollapseInterceptor(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/quote/*"))
                .observations(joined)
                .build());
    Dispatcher dispatcher = new Dispatcher();
    dispatcher.setMaxRequestsPerHost(CALLERS);
    client = new OkHttpClient.Builder().dispatcher(dispatcher).addInterceptor(interceptor).build();
  }

  @AfterEach
  void stop() {
    callers.shutdownNow();
    interceptor.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
    backend.close();
  }

  @Test
  void theClassPathHoldsNoSpring() {
    assertThatThrownBy(() -> Class.forName("org.springframework.core.SpringVersion"))
        .isInstanceOf(ClassNotFoundException.class);
  }

  @Test
  @Timeout(60)
  void concurrentIdenticalCallsMakeOneBackendCall() throws Exception {
    Request request = new Request.Builder().url(backend.url(42)).build();
    List<Future<String>> bodies = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      bodies.add(
          callers.submit(
              () -> {
                try (Response response = client.newCall(request).execute()) {
                  return response.code() + " " + response.body().string();
                }
              }));
    }

    for (Future<String> body : bodies) {
      assertThat(body.get()).isEqualTo("200 quote of /quote/42");
    }
    assertThat(backend.calls()).isEqualTo(1);
    assertThat(interceptor.stats().led()).isEqualTo(1);
    assertThat(interceptor.stats().replayed()).isEqualTo(CALLERS - 1);
  }
}
