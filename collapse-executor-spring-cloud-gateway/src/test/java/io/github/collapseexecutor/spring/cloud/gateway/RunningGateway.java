package io.github.collapseexecutor.spring.cloud.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.GatedBackend;
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
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A {@link GatewayApplication} on a random port in front of a {@link GatedBackend}, and a client
 * that sends it requests the upstream holds until all have reached the gateway.
 */
final class RunningGateway implements AutoCloseable {

  private static final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  final GatedBackend upstream = new GatedBackend();
  final String upstreamUri;
  final ConfigurableApplicationContext context;
  final int port;

  /** Starts the upstream and the gateway with {@code properties}. */
  RunningGateway(String... properties) {
    upstreamUri = upstream.start();
    context = GatewayApplication.start(upstreamUri, properties);
    port = ((WebServerApplicationContext) context).getWebServer().getPort();
  }

  /**
   * Sends {@code n} GETs of {@code path} at once, lets the upstream answer once all have reached
   * the gateway, and returns the answers.
   */
  List<HttpResponse<String>> sendHeld(String path, int n) throws Exception {
    GatewayApplication.arrivals = new CountDownLatch(n);
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      calls.add(client.sendAsync(get(path), HttpResponse.BodyHandlers.ofString()));
    }
    assertThat(GatewayApplication.arrivals.await(20, TimeUnit.SECONDS)).isTrue();
    upstream.releaseFrom(path, 1);
    List<HttpResponse<String>> answers = new ArrayList<>();
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      answers.add(call.get(20, TimeUnit.SECONDS));
    }
    return answers;
  }

  /** Sends one GET of {@code path} asynchronously. */
  CompletableFuture<HttpResponse<String>> sendAsync(String path) {
    return client.sendAsync(get(path), HttpResponse.BodyHandlers.ofString());
  }

  /** Sends one GET of {@code path} and waits for its answer. */
  HttpResponse<String> send(String path) throws Exception {
    return client.send(get(path), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest get(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(30))
        .GET()
        .build();
  }

  @Override
  public void close() {
    try {
      context.close();
    } finally {
      upstream.stop();
    }
  }
}
