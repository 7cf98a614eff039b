package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.Outcome;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.tls.HandshakeCertificates;
import org.jspecify.annotations.Nullable;

/**
 * An {@code OkHttpClient} whose one application interceptor is a {@link CollapseInterceptor}, as
 * the client contracts drive it. A caller's limits are OkHttp's call timeout, deadline and read
 * timeout; a caller leaves by cancelling its call.
 */
final class OkHttpFixture implements ClientFixture {

  private final @Nullable String clientName;

  /** A fixture whose clients have no name: their calls stay on their instance. */
  OkHttpFixture() {
    this(null);
  }

  /** A fixture whose clients are added the interceptor by {@code partition(client, clientName)}. */
  OkHttpFixture(@Nullable String clientName) {
    this.clientName = clientName;
  }

  @Override
  public DrivenClient open(Setup setup) {
    OkHttpClient.Builder client = new OkHttpClient.Builder();
    if (setup.readTimeout() != null) {
      client.readTimeout(setup.readTimeout());
    }
    CollapseInterceptor interceptor = null;
    if (setup.options() != null) {
      interceptor = new CollapseInterceptor(setup.options());
      if (clientName != null) {
        return new Client(
            interceptor.partition(client.build(), clientName),
            setup.baseUrl(),
            interceptor,
            /* owner= */ true);
      }
      client.addInterceptor(interceptor);
    }
    return new Client(client.build(), setup.baseUrl(), interceptor, /* owner= */ true);
  }

  @Override
  public List<String> limitKinds() {
    return List.of("call-timeout", "deadline", "read-timeout");
  }

  /** Which of two timers ends a read first, the socket's or OkHttp's watchdog, names it. */
  @Override
  public boolean limitMessageVaries(String kind) {
    return kind.equals("read-timeout");
  }

  @Override
  public boolean takesNullHeaderValues() {
    return false; // Request.Builder.header rejects a null value itself
  }

  @Override
  public boolean sendsGetWithBody() {
    return false; // Request.Builder.method rejects a body for GET and HEAD itself
  }

  /** A client of the fixture; one made of another shares its interceptor, pool and dispatcher. */
  static final class Client implements DrivenClient {

    private final OkHttpClient client;
    private final String baseUrl;
    private final @Nullable CollapseInterceptor interceptor;
    private final boolean owner;
    private final ExecutorService callers = Executors.newCachedThreadPool();

    private Client(
        OkHttpClient client,
        String baseUrl,
        @Nullable CollapseInterceptor interceptor,
        boolean owner) {
      this.client = client;
      this.baseUrl = baseUrl;
      this.interceptor = interceptor;
      this.owner = owner;
    }

    @Override
    public Outcome send(Call call) throws IOException {
      try (Response response = newCall(call).execute()) {
        byte[] body;
        try {
          body = response.body().bytes();
        } catch (IOException failure) {
          throw new BodyReadFailed(failure);
        }
        return Outcome.of(response.code(), response.headers().toMultimap(), body);
      }
    }

    @Override
    public OwnCall start(Call call) {
      okhttp3.Call started = newCall(call);
      CompletableFuture<String> body =
          CompletableFuture.supplyAsync(
              () -> {
                try (Response response = started.execute()) {
                  return response.body().string();
                } catch (IOException failure) {
                  throw new CompletionException(failure);
                }
              },
              callers);
      return new OwnCall(body, started::cancel);
    }

    @Override
    public void readEvents(Call call, Consumer<String> onEvent) throws IOException {
      try (Response response = newCall(call).execute()) {
        DrivenClient.readDataLines(response.body().byteStream(), onEvent);
      }
    }

    @Override
    public HttpCollapseStats stats() {
      if (interceptor == null) {
        throw new IllegalStateException("a client without collapse has no counters");
      }
      return interceptor.stats();
    }

    /** Presents {@code certificate} as a client made by {@code newBuilder()} does. */
    @Override
    public DrivenClient withCertificate(HandshakeCertificates certificate) {
      return new Client(
          client
              .newBuilder()
              .sslSocketFactory(certificate.sslSocketFactory(), certificate.trustManager())
              .build(),
          baseUrl,
          interceptor,
          /* owner= */ false);
    }

    /** Returns a copy made by {@code newBuilder()} that changes only the read timeout. */
    DrivenClient withReadTimeout(Duration timeout) {
      return new Client(
          client.newBuilder().readTimeout(timeout).build(),
          baseUrl,
          interceptor,
          /* owner= */ false);
    }

    private okhttp3.Call newCall(Call call) {
      String body = call.body();
      Request.Builder request =
          new Request.Builder()
              .url(baseUrl + call.target())
              .method(call.method(), body == null ? null : RequestBody.create(body, null));
      call.headers().forEach(request::header);
      Call.Limit limit = call.limit();
      if (limit == null) {
        return client.newCall(request.build());
      }
      return switch (limit.kind()) {
        case "call-timeout" ->
            client.newBuilder().callTimeout(limit.duration()).build().newCall(request.build());
        case "read-timeout" ->
            client.newBuilder().readTimeout(limit.duration()).build().newCall(request.build());
        case "deadline" -> {
          okhttp3.Call deadlined = client.newCall(request.build());
          deadlined.timeout().deadline(limit.duration().toMillis(), TimeUnit.MILLISECONDS);
          yield deadlined;
        }
        default -> throw new IllegalArgumentException("no such limit: " + limit.kind());
      };
    }

    @Override
    public void close() {
      callers.shutdownNow();
      if (!owner) {
        return; // the client it was made of closes what they share
      }
      if (interceptor != null) {
        interceptor.close();
      }
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }

  /**
   * A failure while the body is read: OkHttp throws the same types when it makes the call and
   * when it reads the body, so the step is told apart by this wrapper.
   */
  static final class BodyReadFailed extends IOException {

    private static final long serialVersionUID = 1L;

    BodyReadFailed(IOException failure) {
      super(failure);
    }
  }
}
