package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated configurations, and the real HAProxy and nginx in front of loopback servers, each
 * when it is installed.
 */
@Timeout(60)
final class LoadBalancerTest {

  /** The proxies the harness runs. */
  enum Proxy {
    HAPROXY(HaProxy::find, HaProxy.INSTALL_HINT, HaProxy::start),
    NGINX(Nginx::find, Nginx.INSTALL_HINT, Nginx::start);

    private final Supplier<Optional<Path>> find;
    private final String installHint;
    private final Starter starter;

    Proxy(Supplier<Optional<Path>> find, String installHint, Starter starter) {
      this.find = find;
      this.installHint = installHint;
      this.starter = starter;
    }
  }

  @FunctionalInterface
  interface Starter {
    LoadBalancer start(
        Path program, Balancing balancing, List<InetSocketAddress> instances, Path dir)
        throws IOException, InterruptedException;
  }

  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  private final List<HttpServer> instances = new ArrayList<>();

  @AfterEach
  void stopInstances() {
    instances.forEach(server -> server.stop(0));
  }

  @Test
  void haproxyConfig_bindsEveryListenerAndInstanceToLoopbackOnly() {
    for (Balancing balancing : Balancing.values()) {
      String config = HaProxy.config(balancing, 8080, 8081, List.of(local(9001), local(9002)));

      assertThat(config.lines().filter(line -> line.strip().startsWith("bind ")))
          .containsExactly("  bind 127.0.0.1:8080", "  bind 127.0.0.1:8081");
      assertThat(config.lines().filter(line -> line.strip().startsWith("server ")))
          .containsExactly(
              "  server instance1 127.0.0.1:9001", "  server instance2 127.0.0.1:9002");
    }
  }

  @Test
  void nginxConfig_listensAndProxiesToLoopbackOnly(@TempDir Path dir) {
    for (Balancing balancing : Balancing.values()) {
      String config = Nginx.config(balancing, 8080, List.of(local(9001), local(9002)), dir);

      assertThat(config.lines().filter(line -> line.strip().startsWith("listen ")))
          .containsExactly("    listen 127.0.0.1:8080;");
      assertThat(config.lines().filter(line -> line.strip().matches("server [0-9].*")))
          .containsExactly("    server 127.0.0.1:9001;", "    server 127.0.0.1:9002;");
    }
  }

  @ParameterizedTest
  @EnumSource(Proxy.class)
  void consistentHash_sendsEveryRequestForAKeyToOneInstanceAndCredentialsApart(
      Proxy kind, @TempDir Path dir) throws Exception {
    try (LoadBalancer proxy = start(kind, Balancing.CONSISTENT_HASH, 4, dir)) {
      Map<String, Set<String>> instancesPerKey = new HashMap<>();
      for (int round = 0; round < 3; round++) {
        // 30 keys: not a multiple of the instances, so round-robin would move each key on
        for (int key = 1; key <= 30; key++) {
          String path = "/test/collapse100?key=" + key;
          instancesPerKey
              .computeIfAbsent(path, p -> new HashSet<>())
              .add(get(proxy.url(path), Optional.empty()));
        }
      }

      assertThat(instancesPerKey.values()).allSatisfy(set -> assertThat(set).hasSize(1));
      // thirty keys over four instances: a hash that spreads them reaches every one
      assertThat(instancesPerKey.values().stream().flatMap(Set::stream).distinct()).hasSize(4);
      Set<String> perCredential = new HashSet<>();
      for (int user = 0; user < 40; user++) {
        perCredential.add(
            get(proxy.url("/test/collapse100?key=1"), Optional.of("Bearer user-" + user)));
      }
      assertThat(perCredential).hasSizeGreaterThan(1);
      if (kind == Proxy.HAPROXY) {
        assertThat(proxy.requestsPerInstance().values().stream().mapToLong(Long::longValue).sum())
            .isEqualTo(3 * 30 + 40);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Proxy.class)
  void roundRobin_sendsOneKeyToEveryInstanceInTurn(Proxy kind, @TempDir Path dir) throws Exception {
    try (LoadBalancer proxy = start(kind, Balancing.ROUND_ROBIN, 4, dir)) {
      Set<String> reached = new HashSet<>();
      for (int request = 0; request < 8; request++) {
        reached.add(get(proxy.url("/test/collapse100?key=1"), Optional.empty()));
      }

      assertThat(reached).containsExactlyInAnyOrder("1", "2", "3", "4");
    }
  }

  @ParameterizedTest
  @EnumSource(Proxy.class)
  void close_stopsTheProxy(Proxy kind, @TempDir Path dir) throws Exception {
    LoadBalancer proxy = start(kind, Balancing.ROUND_ROBIN, 1, dir);
    URI url = proxy.url("/");
    assertThat(get(url, Optional.empty())).isEqualTo("1");

    proxy.close();

    assertThatThrownBy(
            () -> {
              try (Socket socket = new Socket()) {
                socket.connect(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), url.getPort()), 1000);
              }
            })
        .isInstanceOf(ConnectException.class);
  }

  private LoadBalancer start(Proxy kind, Balancing balancing, int count, Path dir)
      throws Exception {
    Optional<Path> program = kind.find.get();
    assumeTrue(program.isPresent(), kind.installHint);
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      addresses.add(local(startInstance(Integer.toString(i))));
    }
    return kind.starter.start(program.get(), balancing, addresses, dir);
  }

  private static InetSocketAddress local(int port) {
    return InetSocketAddress.createUnresolved("127.0.0.1", port);
  }

  /** Starts a server on loopback that answers every request with {@code name}. */
  private int startInstance(String name) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    byte[] body = name.getBytes(StandardCharsets.UTF_8);
    server.createContext(
        "/",
        exchange -> {
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    instances.add(server);
    return server.getAddress().getPort();
  }

  private static String get(URI url, Optional<String> authorization) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5));
    authorization.ifPresent(value -> request.header("Authorization", value));
    HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    return response.body();
  }
}
