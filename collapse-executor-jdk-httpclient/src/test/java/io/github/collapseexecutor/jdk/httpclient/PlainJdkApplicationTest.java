package io.github.collapseexecutor.jdk.httpclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import io.github.collapseexecutor.testing.http.QuoteBackend;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An application of the JDK's client without Spring, which of this library needs only the core,
 * the HTTP module and this one: concurrent identical calls make one backend call (the backend
 * holds its answer until every other caller joined), and every caller reads its own body. Runs
 * apart from the other tests, with Spring left off its class path.
 */
@Tag("plain-application")
final class PlainJdkApplicationTest {

  private static final int CALLERS = 50;

  private final JoinedCallers joined = new JoinedCallers(CALLERS - 1);
  private final ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
  private QuoteBackend backend;
  private CollapsingHttpClient client;

  @BeforeEach
  void start() throws IOException {
    backend = new QuoteBackend(joined);
    client =
        CollapsingHttpClient.wrap(
            HttpClient.newHttpClient(),
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/quote/*"))
                .observations(joined)
                .build());
  }

  @AfterEach
  void stop() {
    callers.shutdownNow();
    client.close();
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
    HttpRequest request = HttpRequest.newBuilder(URI.create(backend.url(42))).build();
    List<Future<String>> bodies = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      bodies.add(
          callers.submit(
              () -> {
                HttpResponse<String> response = client.send(request, BodyHandlers.ofString());
                return response.statusCode() + " " + response.body();
              }));
    }

    for (Future<String> body : bodies) {
      assertThat(body.get()).isEqualTo("200 quote of /quote/42");
    }
    assertThat(backend.calls()).isEqualTo(1);
    assertThat(client.stats().led()).isEqualTo(1);
    assertThat(client.stats().replayed()).isEqualTo(CALLERS - 1);
  }
}
