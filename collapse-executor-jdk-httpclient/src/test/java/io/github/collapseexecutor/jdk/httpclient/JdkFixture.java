package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.Outcome;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import okhttp3.tls.HandshakeCertificates;
import org.jspecify.annotations.Nullable;

/**
 * A {@link CollapsingHttpClient} around a plain JDK client, as the client contracts drive it. The
 * request timeout is a caller's own limit; a read timeout is the request timeout until the
 * headers and {@link ReadTimeout} after them. A caller leaves by cancelling the future of
 * {@code sendAsync}, and the shared call goes on for the others. The tests run with
 * {@code jdk.httpclient.allowRestrictedHeaders=host}, without which the client refuses a
 * {@code Host} of the caller's own.
 */
final class JdkFixture implements ClientFixture {

  private final @Nullable String clientName;

  /** A fixture whose clients have no name: their calls stay on their instance. */
  JdkFixture() {
    this(null);
  }

  /** A fixture whose clients have this name across the fleet. */
  JdkFixture(@Nullable String clientName) {
    this.clientName = clientName;
  }

  @Override
  public DrivenClient open(Setup setup) {
    return open(setup, HttpClient.newHttpClient(), clientName);
  }

  private static DrivenClient open(Setup setup, HttpClient plain, @Nullable String clientName) {
    HttpCollapseOptions options = setup.options();
    if (options == null) {
      return new Client(plain, setup);
    }
    CollapsingHttpClient.Builder collapsing = CollapsingHttpClient.builder(plain, options);
    if (clientName != null) {
      collapsing.partition(clientName);
    }
    return new Client(collapsing.build(), setup);
  }

  @Override
  public List<String> limitKinds() {
    return List.of("request-timeout");
  }

  @Override
  public boolean leavingEndsTheCall() {
    return false;
  }

  @Override
  public boolean takesNullHeaderValues() {
    return false; // HttpRequest.Builder.header rejects a null value itself
  }

  /** A JDK client, wrapped when the setup has options. */
  private record Client(HttpClient client, Setup setup) implements DrivenClient {

    @Override
    public Outcome send(Call call) throws IOException, InterruptedException {
      HttpResponse<byte[]> response =
          client.send(request(call), limited(BodyHandlers.ofByteArray()));
      return Outcome.of(response.statusCode(), response.headers().map(), response.body());
    }

    @Override
    public OwnCall start(Call call) {
      CompletableFuture<HttpResponse<String>> sent =
          client.sendAsync(request(call), limited(BodyHandlers.ofString()));
      return new OwnCall(
          sent.thenApply(HttpResponse::body), () -> sent.cancel(/* mayInterruptIfRunning= */ true));
    }

    @Override
    public void readEvents(Call call, Consumer<String> onEvent) throws Exception {
      try (InputStream body = client.send(request(call), BodyHandlers.ofInputStream()).body()) {
        DrivenClient.readDataLines(body, onEvent);
      }
    }

    @Override
    public HttpCollapseStats stats() {
      if (client instanceof CollapsingHttpClient collapsing) {
        return collapsing.stats();
      }
      throw new IllegalStateException("a client without collapse has no counters");
    }

    /**
     * The certificate lives in the client's SSL context, so each certificate is a client of its
     * own, wrapped apart with the same options, as an application with a second identity makes
     * it.
     */
    @Override
    public DrivenClient withCertificate(HandshakeCertificates certificate) {
      // another certificate is another client, with no name of its own
      return open(setup, ClientCertificates.jdkHttpClient(certificate), null);
    }

    private HttpRequest request(Call call) {
      String body = call.body();
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(setup.baseUrl() + call.target()))
              .method(
                  call.method(),
                  body == null ? BodyPublishers.noBody() : BodyPublishers.ofString(body));
      call.headers().forEach(request::header);
      Duration timeout = setup.readTimeout();
      if (call.limit() != null) {
        timeout = call.limit().duration(); // the one kind, request-timeout
      }
      if (timeout != null) {
        request.timeout(timeout);
      }
      return request.build();
    }

    private <T> BodyHandler<T> limited(BodyHandler<T> handler) {
      @Nullable Duration timeout = setup.readTimeout();
      return timeout == null ? handler : new ReadTimeout<>(handler, timeout);
    }

    @Override
    public void close() {
      if (client instanceof CollapsingHttpClient collapsing) {
        collapsing.close();
      }
    }
  }
}
