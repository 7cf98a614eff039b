package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.IdentityEchoBackend;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.Outcome;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Requests to an application behind a {@link CollapseServletFilter}, on an embedded Tomcat, whose
 * servlet asks the contract's backend for the path and query it received, with the {@code Host},
 * the body, and the identity and negotiation headers ({@link IdentityEchoBackend#HANDED_ON}): a
 * chain run is a backend call. OkHttp sends the requests, as it keeps a {@code Host} it is given; the JDK
 * client those with a body, as OkHttp sends no GET with one.
 */
final class ServletCollapsingClient implements DrivenClient {

  private final CollapseServletFilter filter;
  private final LoopbackTomcat tomcat;
  private final String address;
  private final OkHttpClient okHttp =
      new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(20)).build();
  private final HttpClient jdk =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  ServletCollapsingClient(HttpCollapseOptions options, String backendUrl) {
    this(options, backendUrl, "127.0.0.1", 0);
  }

  /**
   * Starts the application on {@code port} (0 for any) of the loopback {@code address}, as one
   * of the instances behind a balancer; requests reach it with the {@code Host} of
   * {@code 127.0.0.1} and that port, unless a call sends its own.
   */
  ServletCollapsingClient(
      HttpCollapseOptions options, String backendUrl, String address, int port) {
    this.filter = new CollapseServletFilter(options);
    this.address = address;
    try {
      this.tomcat =
          new LoopbackTomcat(new AskingServlet(backendUrl), /* asyncSupported= */ true)
              .listenOn(address, port)
              .filter("collapse", filter)
              .start();
    } catch (Exception e) {
      throw new IllegalStateException("the server did not start", e);
    }
  }

  /** Returns the port the application listens on. */
  int port() {
    return tomcat.port();
  }

  @Override
  public HttpCollapseStats stats() {
    return filter.stats();
  }

  /**
   * Sends {@code call}: with OkHttp, as it keeps a {@code Host} it is given, or with the JDK
   * client when it has a body, as OkHttp sends no GET with one.
   */
  @Override
  public Outcome send(Call call) throws Exception {
    String body = call.body();
    if (body != null) {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(base() + call.target()))
              .timeout(Duration.ofSeconds(20))
              .method(call.method(), HttpRequest.BodyPublishers.ofString(body))
              .build();
      HttpResponse<byte[]> response = jdk.send(request, HttpResponse.BodyHandlers.ofByteArray());
      return Outcome.of(response.statusCode(), response.headers().map(), response.body());
    }
    Request.Builder request =
        new Request.Builder()
            .url(base() + call.target())
            .header("Host", "127.0.0.1:" + tomcat.port());
    call.headers().forEach(request::header);
    try (Response response = okHttp.newCall(request.build()).execute()) {
      return Outcome.of(response.code(), response.headers().toMultimap(), response.body().bytes());
    }
  }

  private String base() {
    return "http://" + address + ":" + tomcat.port();
  }

  @Override
  public void close() {
    filter.close();
    try {
      tomcat.close();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    okHttp.dispatcher().executorService().shutdown();
    okHttp.connectionPool().evictAll();
  }

  /**
   * Asks the backend for the same path and query, with the {@code Host} and the body it received.
   */
  private final class AskingServlet extends HttpServlet {

    private final String backendUrl;

    AskingServlet(String backendUrl) {
      this.backendUrl = backendUrl;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      String body;
      try (InputStream in = request.getInputStream()) {
        body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      String answer;
      String query = request.getQueryString() == null ? "" : "?" + request.getQueryString();
      if (body.isEmpty()) {
        Request.Builder asked =
            new Request.Builder()
                .url(backendUrl + request.getRequestURI() + query)
                .header("Host", request.getHeader("Host"));
        for (String channel : IdentityEchoBackend.HANDED_ON) {
          String value = request.getHeader(channel);
          if (value != null) {
            asked.header(channel, value);
          }
        }
        try (Response backend = okHttp.newCall(asked.build()).execute()) {
          answer = backend.body().string();
        }
      } else {
        try {
          answer =
              jdk.send(
                      HttpRequest.newBuilder(URI.create(backendUrl + request.getRequestURI()))
                          .timeout(Duration.ofSeconds(20))
                          .method("GET", HttpRequest.BodyPublishers.ofString(body))
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException(e);
        }
      }
      response.setContentType("text/plain;charset=UTF-8");
      response.getWriter().write(answer);
    }
  }
}
