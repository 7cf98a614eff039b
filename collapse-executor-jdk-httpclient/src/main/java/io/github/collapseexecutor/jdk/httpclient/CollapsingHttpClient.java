package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.adapter.AsyncClientCollapser;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.jspecify.annotations.Nullable;

/**
 * An {@link HttpClient} that collapses concurrent identical GET and HEAD calls of the client it
 * wraps into one call; each caller's own {@code BodyHandler} gets the shared response, so callers
 * that read it as a string, as bytes or as a stream share alike. Everything but {@code send} and
 * {@code sendAsync} goes to the wrapped client.
 *
 * <pre>{@code
 * HttpClient client = CollapsingHttpClient.wrap(HttpClient.newHttpClient(),
 *     HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/quotes/*")).build());
 * HttpResponse<String> quote = client.send(request, BodyHandlers.ofString());
 * }</pre>
 *
 * <p>Who shares with whom (the identity rule of {@code docs/security.md}), input by input:
 * <ul>
 *   <li>in the key: the method, the URI, the headers (credential and identity headers by the
 *       options' rules), the cookies the client's {@code CookieHandler} adds to the request, read
 *       from it on the caller's thread, and the HTTP version the request or the client asks
 *       for;</li>
 *   <li>prevents collapse: a request body (a body publisher not known to be empty), a
 *       {@code PushPromiseHandler}, and a client with an {@code Authenticator}, which answers a
 *       challenge for the call once, in the context of the caller that made it, unless the
 *       application declares that it answers every caller alike
 *       ({@link Builder#authenticatorSharedAcrossCallers});</li>
 *   <li>bound to the client: the SSL context and parameters (a client certificate), the proxy
 *       selector, the executor and the redirect policy are those of the one client wrapped, alike
 *       for all its callers; a client with another certificate is another client, wrapped apart,
 *       with collapse of its own;</li>
 *   <li>per caller: the request timeout ({@link HttpRequest#timeout()}) ends that caller's wait,
 *       never the shared call, which goes out without it; cancelling the future of
 *       {@code sendAsync} takes that caller out, and the call is cancelled only when every caller
 *       left.</li>
 * </ul>
 *
 * <p>The response itself: {@code Set-Cookie}, {@code private}, {@code Vary} and streams (an event
 * stream, a body over {@link HttpCollapseOptions#maxBodyBytes()}) follow the rules of
 * {@code docs/http.md}: the caller that made such a call reads it as it arrives, and the others
 * make their own. A caller sees the exceptions it would see without collapse; a body that failed
 * fails each caller's body handler with the same failure.
 */
public final class CollapsingHttpClient extends HttpClient implements AutoCloseable {

  /**
   * The name of the collapse executor when the options have none: the name that listener
   * reports, meters and the log show.
   */
  public static final String DEFAULT_NAME = "jdk-httpclient";

  private final HttpClient client;
  private final AsyncClientCollapser collapser;
  private final boolean authenticatorSharedAcrossCallers;
  private final @Nullable String clientName;

  private CollapsingHttpClient(Builder builder) {
    this.client = builder.client;
    this.collapser = new AsyncClientCollapser(builder.options, DEFAULT_NAME);
    this.authenticatorSharedAcrossCallers = builder.authenticatorSharedAcrossCallers;
    this.clientName = builder.clientName;
  }

  /** Returns {@code client} collapsing by {@code options}. */
  public static CollapsingHttpClient wrap(HttpClient client, HttpCollapseOptions options) {
    return builder(client, options).build();
  }

  /** Returns a builder of a client that wraps {@code client} and collapses by {@code options}. */
  public static Builder builder(HttpClient client, HttpCollapseOptions options) {
    return new Builder(client, options);
  }

  /** Returns the counters of this client's collapse. */
  public HttpCollapseStats stats() {
    return collapser.stats();
  }

  /** Returns the client this one wraps. */
  public HttpClient delegate() {
    return client;
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    CompletableFuture<HttpResponse<T>> response = sendAsync(request, handler);
    try {
      return response.get();
    } catch (InterruptedException interrupted) {
      response.cancel(/* mayInterruptIfRunning= */ true);
      throw interrupted;
    } catch (ExecutionException failed) {
      throw SendFailures.thrownFor(Objects.requireNonNullElse(failed.getCause(), failed));
    }
  }

  @Override
  // identity: whether the request goes out as the caller made it, or as a copy without its timeout
  @SuppressWarnings("ReferenceEquality")
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(handler, "handler");
    Deadline deadline = Deadline.of(request);
    KeyedHttpRequest keyed =
        KeyedHttpRequest.of(
            collapser.rules(), client, request, authenticatorSharedAcrossCallers, this, clientName);
    JdkDriver driver =
        new JdkDriver(
            client, keyed.outgoing(), keyed.outgoing() == request ? Deadline.NONE : deadline);
    return Delivery.of(request, handler, driver, collapser.execute(keyed.target(), driver));
  }

  /** Never collapses: a push promise belongs to the one exchange that received it. */
  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      HttpResponse.@Nullable PushPromiseHandler<T> pushPromiseHandler) {
    return pushPromiseHandler == null
        ? sendAsync(request, handler)
        : client.sendAsync(request, handler, pushPromiseHandler);
  }

  /**
   * Stops collapsing, then closes the wrapped client where the JDK's client can be closed (JDK 21
   * and later): calls in progress complete for every caller that shares them.
   */
  @Override
  public void close() {
    collapser.close();
    if (client instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (RuntimeException | Error failure) {
        throw failure;
      } catch (Exception failure) {
        throw new IllegalStateException(failure);
      }
    }
  }

  /** Stops collapsing and shuts the wrapped client down, on JDK 21 and later. */
  public void shutdown() {
    collapser.close();
    callLifecycle("shutdown");
  }

  /** Stops collapsing and shuts the wrapped client down at once, on JDK 21 and later. */
  public void shutdownNow() {
    collapser.close();
    callLifecycle("shutdownNow");
  }

  /** Waits until the wrapped client terminated, on JDK 21 and later; {@code false} before. */
  public boolean awaitTermination(Duration duration) throws InterruptedException {
    return Boolean.TRUE.equals(Lifecycle.call(client, false, "awaitTermination", duration));
  }

  /** Returns whether the wrapped client terminated, on JDK 21 and later; {@code false} before. */
  public boolean isTerminated() {
    try {
      return Boolean.TRUE.equals(Lifecycle.call(client, false, "isTerminated"));
    } catch (InterruptedException notThrown) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void callLifecycle(String name) {
    try {
      Lifecycle.call(client, null, name);
    } catch (InterruptedException notThrown) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return client.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return client.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return client.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return client.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return client.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return client.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return client.authenticator();
  }

  @Override
  public Version version() {
    return client.version();
  }

  @Override
  public Optional<Executor> executor() {
    return client.executor();
  }

  @Override
  public WebSocket.Builder newWebSocketBuilder() {
    return client.newWebSocketBuilder();
  }

  @Override
  public String toString() {
    return "CollapsingHttpClient(" + collapser.name() + ", " + client + ")";
  }

  /** Builds a {@link CollapsingHttpClient}. */
  public static final class Builder {

    private final HttpClient client;
    private final HttpCollapseOptions options;
    private boolean authenticatorSharedAcrossCallers;
    private @Nullable String clientName;

    private Builder(HttpClient client, HttpCollapseOptions options) {
      this.client = Objects.requireNonNull(client, "client");
      this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Declares that the wrapped client's {@code Authenticator} answers every caller alike (one
     * service account, say), so that its requests collapse; without it, a client with an
     * authenticator collapses nothing, since the authenticator answers a challenge once, for the
     * caller whose call met it. False by default.
     */
    public Builder authenticatorSharedAcrossCallers(boolean shared) {
      this.authenticatorSharedAcrossCallers = shared;
      return this;
    }

    /**
     * Makes the client the partition of this name. The wrapped client collapses apart from every
     * other already; the name is what a fleet tier ({@link HttpCollapseOptions#fleet()}) goes by:
     * its calls share calls with those of the partition of this name on the other instances of
     * the application, where an unnamed client's stay on their instance. Give the name of one
     * client configuration (its SSL context, proxy, redirect policy), the same on every instance:
     * the name of its bean, say. None by default.
     */
    public Builder partition(String clientName) {
      this.clientName = Objects.requireNonNull(clientName, "clientName");
      return this;
    }

    /** Returns the client. */
    public CollapsingHttpClient build() {
      return new CollapsingHttpClient(this);
    }
  }
}
