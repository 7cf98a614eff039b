package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.jdk.httpclient.CollapsingHttpClient;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * The client libraries under load. Each is built the same way with and without its collapse
 * adapter; only the adapter differs. Every client may open as many connections as there are
 * users, so that a connection pool's limit is not what the run measures.
 */
enum ClientAdapter {

  /** RestClient on the JDK {@code HttpClient} (HTTP/1.1), with the request interceptor. */
  REST_CLIENT("RestClient") {
    @Override
    LoadClient open(Supplier<URI> url, HttpCollapseOptions collapse) {
      RestClient.Builder builder = restClientBuilder();
      CollapseHttpRequestInterceptor interceptor = null;
      if (collapse != null) {
        interceptor = new CollapseHttpRequestInterceptor(collapse);
        builder.requestInterceptor(interceptor);
      }
      RestClient client = builder.build();
      return loadClient(
          (users, duration) ->
              ClosedLoop.blocking(
                  users, duration, () -> client.get().uri(url.get()).retrieve().body(byte[].class)),
          interceptor);
    }
  },

  /** OkHttp 5 with the collapse interceptor as its last application interceptor. */
  OKHTTP("OkHttp") {
    @Override
    LoadClient open(Supplier<URI> url, HttpCollapseOptions collapse) {
      OkHttpClient.Builder builder =
          new OkHttpClient.Builder()
              .connectionPool(new ConnectionPool(MAX_CONNECTIONS, 1, TimeUnit.MINUTES))
              .connectTimeout(CONNECT_TIMEOUT);
      CollapseInterceptor interceptor = collapse == null ? null : new CollapseInterceptor(collapse);
      // named, so that with a fleet tier the instances' clients collapse together
      OkHttpClient client =
          interceptor == null
              ? builder.build()
              : interceptor.partition(builder.build(), "load-client");
      return loadClient(
          (users, duration) ->
              ClosedLoop.blocking(
                  users,
                  duration,
                  () -> {
                    Request request = new Request.Builder().url(url.get().toString()).build();
                    try (Response response = client.newCall(request).execute()) {
                      if (!response.isSuccessful()) {
                        throw new IOException(
                            "GET " + request.url() + " answered " + response.code());
                      }
                      response.body().bytes();
                    }
                  }),
          interceptor,
          () -> {
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
          });
    }
  },

  /** The JDK's {@code HttpClient} (HTTP/1.1), wrapped in a {@code CollapsingHttpClient}. */
  JDK_HTTP_CLIENT("JDK HttpClient") {
    @Override
    LoadClient open(Supplier<URI> url, HttpCollapseOptions collapse) {
      java.net.http.HttpClient plain =
          java.net.http.HttpClient.newBuilder()
              .version(java.net.http.HttpClient.Version.HTTP_1_1)
              .connectTimeout(CONNECT_TIMEOUT)
              .build();
      CollapsingHttpClient collapsing =
          collapse == null ? null : CollapsingHttpClient.wrap(plain, collapse);
      java.net.http.HttpClient client = collapsing == null ? plain : collapsing;
      return loadClient(
          (users, duration) ->
              ClosedLoop.blocking(
                  users,
                  duration,
                  () -> {
                    HttpRequest request = HttpRequest.newBuilder(url.get()).build();
                    HttpResponse<byte[]> response =
                        client.send(request, BodyHandlers.ofByteArray());
                    if (response.statusCode() != 200) {
                      throw new IOException(
                          "GET " + request.uri() + " answered " + response.statusCode());
                    }
                  }),
          collapsing);
    }
  },

  /** WebClient on Reactor Netty, with the exchange filter function. */
  WEB_CLIENT("WebClient") {
    @Override
    LoadClient open(Supplier<URI> url, HttpCollapseOptions collapse) {
      ConnectionProvider connections =
          ConnectionProvider.builder("load")
              .maxConnections(MAX_CONNECTIONS)
              .pendingAcquireMaxCount(-1)
              .build();
      WebClient.Builder builder =
          WebClient.builder()
              .clientConnector(
                  new ReactorClientHttpConnector(
                      reactor.netty.http.client.HttpClient.create(connections)));
      CollapseExchangeFilterFunction filter = null;
      if (collapse != null) {
        filter = new CollapseExchangeFilterFunction(collapse);
        builder.filter(filter);
      }
      WebClient client = builder.build();
      return loadClient(
          (users, duration) ->
              ClosedLoop.reactive(
                  users,
                  duration,
                  () -> client.get().uri(url.get()).retrieve().bodyToMono(byte[].class)),
          filter,
          () -> connections.disposeLater().block(CONNECT_TIMEOUT));
    }
  };

  /** Enough connections for the largest concurrency of the sweeps. */
  static final int MAX_CONNECTIONS = 400;

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  private final String title;

  ClientAdapter(String title) {
    this.title = title;
  }

  /**
   * Returns a builder of RestClient on the JDK {@code HttpClient} over HTTP/1.1, set explicitly:
   * with Reactor Netty on the class path RestClient would pick it instead.
   */
  static RestClient.Builder restClientBuilder() {
    java.net.http.HttpClient http =
        java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();
    return RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(http));
  }

  /** Returns the name the tables and charts show. */
  String title() {
    return title;
  }

  /**
   * Builds the client for {@code GET} of the URLs that {@code url} gives, one per request; with
   * {@code collapse} null, without the adapter.
   */
  abstract LoadClient open(Supplier<URI> url, HttpCollapseOptions collapse);

  /** Runs closed-loop users through one client. */
  @FunctionalInterface
  interface Driver {

    /** Runs {@code users} closed-loop users for {@code duration}. */
    Measurement drive(int users, Duration duration) throws InterruptedException;
  }

  /** One client, ready to be driven by closed-loop users; closing releases its connections. */
  interface LoadClient extends Driver, AutoCloseable {

    @Override
    void close();
  }

  /** Returns a client that closes {@code resources} in order, skipping nulls. */
  private static LoadClient loadClient(Driver driver, AutoCloseable... resources) {
    return new LoadClient() {
      @Override
      public Measurement drive(int users, Duration duration) throws InterruptedException {
        return driver.drive(users, duration);
      }

      @Override
      public void close() {
        for (AutoCloseable resource : resources) {
          if (resource == null) {
            continue;
          }
          try {
            resource.close();
          } catch (Exception e) {
            throw new IllegalStateException("closing " + resource + " failed", e);
          }
        }
      }
    };
  }
}
