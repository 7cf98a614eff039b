package io.github.collapseexecutor.spring.cloud.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * The identity rule through a real gateway on TLS that asks for client certificates: 40 requests
 * for one path, each from another caller (its own credentials, cookie, forwarded header or
 * client certificate), held at the upstream together, each get the answer made for it. The
 * upstream answers with what the gateway told it of the caller, after the Collapse filter; a
 * shared answer would show another caller's.
 */
@Timeout(60)
final class GatewayIdentityTest {

  private static final int CALLERS = 40;
  private static final ClientCertificates certificates =
      ClientCertificates.of(names("cert-user-", 10).toArray(String[]::new));
  private static volatile CountDownLatch release = new CountDownLatch(1);
  private static volatile AtomicInteger upstreamCalls = new AtomicInteger();
  private static final ExecutorService pool = Executors.newCachedThreadPool();
  private static HttpServer upstream;
  private static ConfigurableApplicationContext gateway;
  private static int port;

  @BeforeAll
  static void start() throws IOException {
    upstream = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    upstream.setExecutor(pool);
    upstream.createContext("/", GatewayIdentityTest::echoWhoAsked);
    upstream.start();
    gateway =
        GatewayApplication.start(
            new Class<?>[] {Tls.class}, "http://127.0.0.1:" + upstream.getAddress().getPort());
    port = ((WebServerApplicationContext) gateway).getWebServer().getPort();
  }

  @AfterAll
  static void stop() {
    release.countDown();
    if (gateway != null) {
      gateway.close();
    }
    upstream.stop(0);
    pool.shutdownNow();
  }

  @Test
  void fortyCallersWithDifferentIdentitiesGetNoAnswerOfAnother() throws Exception {
    release = new CountDownLatch(1);
    upstreamCalls = new AtomicInteger();
    HttpClient anonymous = ClientCertificates.jdkHttpClient(trustOnly());
    Map<String, CompletableFuture<HttpResponse<String>>> answers = new LinkedHashMap<>();
    GatewayApplication.arrivals = new CountDownLatch(CALLERS);
    for (String user : names("user-", 10)) {
      answers.put(
          "Bearer " + user + "|-|-|-|-",
          anonymous.sendAsync(
              get().header("Authorization", "Bearer " + user).build(),
              HttpResponse.BodyHandlers.ofString()));
    }
    for (String user : names("user-", 10)) {
      answers.put(
          "-|session=" + user + "|-|-|-",
          anonymous.sendAsync(
              get().header("Cookie", "session=" + user).build(),
              HttpResponse.BodyHandlers.ofString()));
    }
    for (int i = 0; i < 5; i++) {
      answers.put(
          "-|-|for=10.1.0." + i + "|-|-",
          anonymous.sendAsync(
              get().header("Forwarded", "for=10.1.0." + i).build(),
              HttpResponse.BodyHandlers.ofString()));
      answers.put(
          "-|-|-|10.0.0." + i + "|-",
          anonymous.sendAsync(
              get().header("X-Forwarded-For", "10.0.0." + i).build(),
              HttpResponse.BodyHandlers.ofString()));
    }
    certificates
        .clients()
        .forEach(
            (name, tls) ->
                answers.put(
                    "-|-|-|-|CN=" + name,
                    ClientCertificates.jdkHttpClient(tls)
                        .sendAsync(get().build(), HttpResponse.BodyHandlers.ofString())));
    assertThat(answers).hasSize(CALLERS);
    assertThat(GatewayApplication.arrivals.await(20, TimeUnit.SECONDS)).isTrue();
    release.countDown();

    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, CompletableFuture<HttpResponse<String>>> answer : answers.entrySet()) {
      HttpResponse<String> response = answer.getValue().get(20, TimeUnit.SECONDS);
      if (response.statusCode() != 200 || !response.body().equals(answer.getKey())) {
        wrong.add(answer.getKey() + " got " + response.statusCode() + " " + response.body());
      }
    }
    assertThat(wrong).isEmpty();
    assertThat(upstreamCalls).hasValue(CALLERS);
  }

  private static HttpRequest.Builder get() {
    return HttpRequest.newBuilder(URI.create("https://localhost:" + port + "/prices/who"))
        .timeout(Duration.ofSeconds(30))
        .GET();
  }

  private static HandshakeCertificates trustOnly() {
    return new HandshakeCertificates.Builder()
        .addTrustedCertificate(certificates.server().trustManager().getAcceptedIssuers()[0])
        .build();
  }

  private static List<String> names(String prefix, int n) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add(prefix + i);
    }
    return names;
  }

  /** Answers, once the test lets it, with what the gateway said of the caller. */
  private static void echoWhoAsked(HttpExchange exchange) throws IOException {
    try (exchange) {
      upstreamCalls.incrementAndGet();
      release.await(30, TimeUnit.SECONDS);
      String who = exchange.getRequestHeaders().getFirst(GatewayApplication.WHO);
      byte[] body = String.valueOf(who).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "text/plain");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** TLS on the gateway, asking each client for a certificate the test's authority signed. */
  static class Tls {

    @Bean
    WebServerFactoryCustomizer<NettyReactiveWebServerFactory> clientCertificates() {
      HandshakeCertificates server = certificates.server();
      return factory ->
          factory.addServerCustomizers(
              http ->
                  http.secure(
                      spec -> {
                        try {
                          spec.sslContext(
                              SslContextBuilder.forServer(server.keyManager())
                                  .trustManager(server.trustManager())
                                  .clientAuth(ClientAuth.OPTIONAL)
                                  .build());
                        } catch (javax.net.ssl.SSLException e) {
                          throw new IllegalStateException(e);
                        }
                      }));
    }
  }
}
