package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Inputs outside the usual headers that change what a servlet application answers: the connector
 * a request arrived on, API keys under names of their own, and what a key part reads. Two
 * callers, the second sent while the first holds the handler; the handler lets the first go on
 * once the second either reaches the handler (no collapse) or starts waiting in the collapse
 * filter (its {@code startAsync}, seen by a filter before it).
 */
final class CollapseServletFilterConnectorTest {

  private final AtomicInteger handled = new AtomicInteger();
  private final CountDownLatch leaderInside = new CountDownLatch(1);
  private final CountDownLatch proceed = new CountDownLatch(1);
  private final ExecutorService callers = Executors.newFixedThreadPool(2);
  private CollapseServletFilter filter;
  private LoopbackTomcat server;
  private Connector internalConnector;

  @AfterEach
  void stop() throws Exception {
    callers.shutdownNow();
    if (filter != null) {
      filter.close();
    }
    if (server != null) {
      server.stop();
    }
  }

  /**
   * An application with an internal connector (an admin port, firewalled from the internet) that
   * answers by the port a request came in on, {@code getLocalPort()}. Behind a proxy both callers
   * send the same {@code Host}, come from the same address, and the server port Tomcat reports
   * from {@code Host} is the same: only the local port tells them apart.
   */
  @Test
  void theLocalPortARequestArrivedOnKeepsCallersApart() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          start(
              request ->
                  request.getLocalPort() == internalConnector.getLocalPort()
                      ? "internal-admin-view"
                      : "public-view");
          int internal = internalConnector.getLocalPort();
          int external = server.port();

          CompletableFuture<String> admin =
              call(internal, "GET /report HTTP/1.1\r\n" + "Host: app.example\r\n");
          assertThat(leaderInside.await(10, TimeUnit.SECONDS)).isTrue();
          CompletableFuture<String> attacker =
              call(external, "GET /report HTTP/1.1\r\n" + "Host: app.example\r\n");

          assertThat(admin.get(20, TimeUnit.SECONDS)).isEqualTo("internal-admin-view");
          assertThat(attacker.get(20, TimeUnit.SECONDS))
              .as("the body the public-port caller got; %s", filter.stats())
              .isEqualTo("public-view");
          assertThat(handled.get()).as("handler runs").isEqualTo(2);
        });
  }

  /** Callers on one connector with the same key still share one run. */
  @Test
  void callersOnOneConnectorWithTheSameKeyShareOneRun() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          start(request -> "data of " + request.getHeader("X-Api-Key"));
          int port = server.port();
          String head = "GET /report HTTP/1.1\r\nHost: app.example\r\nX-Api-Key: alice-key\r\n";

          CompletableFuture<String> first = call(port, head);
          assertThat(leaderInside.await(10, TimeUnit.SECONDS)).isTrue();
          CompletableFuture<String> second = call(port, head);

          assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo("data of alice-key");
          assertThat(second.get(20, TimeUnit.SECONDS)).isEqualTo("data of alice-key");
          assertThat(handled.get()).as("handler runs; %s", filter.stats()).isEqualTo(1);
          assertThat(filter.stats().replayed()).isEqualTo(1);
        });
  }

  /** Azure API Management's subscription key: a name that only the {@code -key} part marks. */
  @Test
  void anApiKeyInOcpApimSubscriptionKeyKeepsCallersApart() {
    assertApartBy("Ocp-Apim-Subscription-Key");
  }

  @Test
  void anApiKeyTheBuiltInNamesListKeepsCallersApart() {
    assertApartBy("X-Api-Key");
  }

  /** An API key header spelled with underscores, as CoinMarketCap's {@code X-CMC_PRO_API_KEY}. */
  @Test
  void anApiKeyWithUnderscoresKeepsCallersApart() {
    assertApartBy("X-CMC_PRO_API_KEY");
  }

  /**
   * An API version in a header that only the application names: the key part given to the filter
   * reads it, so callers of two versions never share, and callers of one still do.
   */
  @Test
  void aKeyPartKeepsCallersOfTwoVersionsApart() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          start(
              request -> "version " + request.getHeader("Api-Version"),
              request -> request.getHeader("Api-Version"));
          int port = server.port();

          CompletableFuture<String> first =
              call(port, "GET /report HTTP/1.1\r\nHost: app.example\r\n" + "Api-Version: 1\r\n");
          assertThat(leaderInside.await(10, TimeUnit.SECONDS)).isTrue();
          CompletableFuture<String> second =
              call(port, "GET /report HTTP/1.1\r\nHost: app.example\r\n" + "Api-Version: 2\r\n");

          assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo("version 1");
          assertThat(second.get(20, TimeUnit.SECONDS))
              .as("the body the second caller got; %s", filter.stats())
              .isEqualTo("version 2");
          assertThat(handled.get()).as("handler runs").isEqualTo(2);
        });
  }

  @Test
  void callersWithEqualKeyPartsShareOneRun() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          start(
              request -> "version " + request.getHeader("Api-Version"),
              request -> request.getHeader("Api-Version"));
          String head = "GET /report HTTP/1.1\r\nHost: app.example\r\nApi-Version: 2\r\n";

          CompletableFuture<String> first = call(server.port(), head);
          assertThat(leaderInside.await(10, TimeUnit.SECONDS)).isTrue();
          CompletableFuture<String> second = call(server.port(), head);

          assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo("version 2");
          assertThat(second.get(20, TimeUnit.SECONDS)).isEqualTo("version 2");
          assertThat(handled.get()).as("handler runs; %s", filter.stats()).isEqualTo(1);
        });
  }

  private void assertApartBy(String header) {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          start(request -> "data of " + request.getHeader(header));
          int port = server.port();

          CompletableFuture<String> alice =
              call(
                  port,
                  "GET /report HTTP/1.1\r\nHost: app.example\r\n" + header + ": alice-key\r\n");
          assertThat(leaderInside.await(10, TimeUnit.SECONDS)).isTrue();
          CompletableFuture<String> bob =
              call(
                  port, "GET /report HTTP/1.1\r\nHost: app.example\r\n" + header + ": bob-key\r\n");

          assertThat(alice.get(20, TimeUnit.SECONDS)).isEqualTo("data of alice-key");
          assertThat(bob.get(20, TimeUnit.SECONDS))
              .as("the body bob got; %s", filter.stats())
              .isEqualTo("data of bob-key");
          assertThat(handled.get()).as("handler runs").isEqualTo(2);
        });
  }

  private void start(Function<HttpServletRequest, String> answer) throws Exception {
    start(answer, request -> null);
  }

  private void start(
      Function<HttpServletRequest, String> answer, Function<HttpServletRequest, Object> keyPart)
      throws Exception {
    filter =
        new CollapseServletFilter(
            HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/report")).build(), keyPart);
    server =
        new LoopbackTomcat(
            new HttpServlet() {
              @Override
              protected void doGet(HttpServletRequest request, HttpServletResponse response)
                  throws IOException {
                if (handled.incrementAndGet() == 1) {
                  leaderInside.countDown();
                  try {
                    proceed.await(10, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                } else {
                  proceed.countDown();
                }
                byte[] body = answer.apply(request).getBytes(StandardCharsets.UTF_8);
                response.setContentType("text/plain");
                response.setContentLength(body.length);
                response.getOutputStream().write(body);
              }
            },
            /* asyncSupported= */ true);
    internalConnector = server.addConnector();
    // before the collapse filter: sees a request start waiting in it
    server.filter(
        "observer",
        (request, response, chain) ->
            chain.doFilter(
                new HttpServletRequestWrapper((HttpServletRequest) request) {
                  @Override
                  public AsyncContext startAsync(ServletRequest req, ServletResponse res) {
                    AsyncContext started = super.startAsync(req, res);
                    proceed.countDown();
                    return started;
                  }

                  @Override
                  public AsyncContext startAsync() {
                    AsyncContext started = super.startAsync();
                    proceed.countDown();
                    return started;
                  }
                },
                response));
    server.filter("collapse", filter).start();
  }

  /** Sends a raw request (start line and headers, without the blank line); returns the body. */
  private CompletableFuture<String> call(int port, String head) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write((head + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            String response = all.toString(StandardCharsets.ISO_8859_1);
            int split = response.indexOf("\r\n\r\n");
            String headers = response.substring(0, split).toLowerCase();
            String body = response.substring(split + 4);
            return headers.contains("transfer-encoding: chunked") ? unchunk(body) : body;
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        },
        callers);
  }

  private static String unchunk(String chunked) {
    StringBuilder body = new StringBuilder();
    int at = 0;
    while (true) {
      int eol = chunked.indexOf("\r\n", at);
      int size = Integer.parseInt(chunked.substring(at, eol).trim(), 16);
      if (size == 0) {
        return body.toString();
      }
      body.append(chunked, eol + 2, eol + 2 + size);
      at = eol + 2 + size + 2;
    }
  }
}
