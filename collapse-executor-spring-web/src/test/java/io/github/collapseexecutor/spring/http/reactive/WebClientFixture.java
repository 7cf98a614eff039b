package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.SpringOutcomes;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.Outcome;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import okhttp3.tls.HandshakeCertificates;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.JdkClientHttpConnector;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientRequest;

/**
 * A {@code WebClient} whose one filter is a {@link CollapseExchangeFilterFunction}, over Reactor
 * Netty, as the client contracts drive it. A subscriber's own limit is its response timeout, set
 * through an {@code httpRequest} consumer declared harmless; a subscriber leaves by cancelling
 * its subscription, and the shared exchange goes on for the others.
 */
final class WebClientFixture implements ClientFixture {

  /** How long a test waits for a response it blocks on. */
  private static final Duration BLOCK = Duration.ofSeconds(20);

  @Override
  public DrivenClient open(Setup setup) {
    // as Spring's default connector makes it: decompressing what the server compressed
    HttpClient netty = HttpClient.create().compress(true);
    if (setup.readTimeout() != null) {
      netty = netty.responseTimeout(setup.readTimeout());
    }
    CollapseExchangeFilterFunction filter =
        setup.options() == null ? null : new CollapseExchangeFilterFunction(setup.options());
    WebClient.Builder client =
        WebClient.builder().clientConnector(new ReactorClientHttpConnector(netty));
    if (filter != null) {
      client.filter(filter);
    }
    return new Client(client.build(), filter, setup.baseUrl(), /* owner= */ true);
  }

  @Override
  public List<String> limitKinds() {
    return List.of("response-timeout");
  }

  @Override
  public boolean leavingEndsTheCall() {
    return false;
  }

  @Override
  public int status(Exception failure) {
    return SpringOutcomes.status(failure);
  }

  /** A client of the filter; the owner closes the filter. */
  private record Client(
      WebClient client,
      @Nullable CollapseExchangeFilterFunction filter,
      String baseUrl,
      boolean owner)
      implements DrivenClient {

    @Override
    public Outcome send(Call call) {
      return SpringOutcomes.of(request(call).retrieve().toEntity(byte[].class).block(BLOCK));
    }

    @Override
    public OwnCall start(Call call) {
      WebClient.RequestHeadersSpec<?> request = request(call);
      Call.Limit limit = call.limit();
      if (limit != null) {
        request =
            request
                .attribute(CollapseExchangeFilterFunction.HTTP_REQUEST_CHANGES_NO_ANSWER, true)
                .httpRequest(
                    sent ->
                        sent.<HttpClientRequest>getNativeRequest()
                            .responseTimeout(limit.duration()));
      }
      CompletableFuture<String> body = request.retrieve().bodyToMono(String.class).toFuture();
      // cancelling the future cancels the subscription
      return new OwnCall(body, () -> body.cancel(/* mayInterruptIfRunning= */ false));
    }

    /** Reads the events with WebClient's own event-stream decoder. */
    @Override
    public void readEvents(Call call, Consumer<String> onEvent) {
      request(call).retrieve().bodyToFlux(String.class).doOnNext(onEvent).blockLast(BLOCK);
    }

    private WebClient.RequestHeadersSpec<?> request(Call call) {
      WebClient.RequestBodySpec request =
          client
              .method(HttpMethod.valueOf(call.method()))
              .uri(URI.create(baseUrl + call.target()))
              .headers(headers -> call.headers().forEach(headers::add));
      String body = call.body();
      return body == null ? request : request.bodyValue(body);
    }

    @Override
    public HttpCollapseStats stats() {
      if (filter == null) {
        throw new IllegalStateException("a client without collapse has no counters");
      }
      return filter.stats();
    }

    /**
     * A client of its own builder, given a connector that presents the certificate, which the
     * filter cannot see: so a partition of the filter of its own, as the filter's users give each
     * such client.
     */
    @Override
    public DrivenClient withCertificate(HandshakeCertificates certificate) {
      WebClient.Builder certified =
          WebClient.builder()
              .clientConnector(
                  new JdkClientHttpConnector(ClientCertificates.jdkHttpClient(certificate)));
      if (filter != null) {
        certified.filter(filter.partition());
      }
      return new Client(certified.build(), filter, baseUrl, /* owner= */ false);
    }

    @Override
    public void close() {
      if (owner && filter != null) {
        filter.close();
      }
    }
  }
}
