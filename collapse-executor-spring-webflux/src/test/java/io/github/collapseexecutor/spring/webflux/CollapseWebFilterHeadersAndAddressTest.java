package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

/**
 * What a replay keeps of each request's own: the headers the filters before the collapse filter
 * set, the client's address, which joins the key unless a policy says the route answers every
 * address alike, and the local address the request arrived on.
 */
@Timeout(60)
final class CollapseWebFilterHeadersAndAddressTest {

  private static final int N = 40;

  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final CollapseWebFilter filter =
      new CollapseWebFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/headers", "/internal"))
              .policy("public", CollapsePolicy.builder().sharedAcrossAddresses(true).build())
              .group(CollapseGroup.ofUris("public", List.of("/public")))
              .build());
  private LoopbackWebFlux server;
  private LoopbackWebFlux otherServer;

  @AfterEach
  void stop() {
    server.close();
    if (otherServer != null) {
      otherServer.close();
    }
    filter.close();
  }

  @Test
  void eachReplayKeepsTheHeadersOfItsOwnOuterFiltersAndGetsWhatTheHandlerChanged()
      throws Exception {
    WebFilter outer =
        (exchange, chain) -> {
          exchange.getResponse().getHeaders().set("X-Request-Id", UUID.randomUUID().toString());
          exchange.getResponse().getHeaders().set("X-Frame", "outer");
          exchange.getResponse().getHeaders().set("X-Gone", "outer");
          exchange.getResponse().getHeaders().add("X-Tag", "outer");
          return chain.filter(exchange);
        };
    server =
        LoopbackWebFlux.start(
            RouterFunctions.route()
                .GET(
                    "/headers",
                    request -> {
                      // on the exchange's response: a ServerResponse's own headers replace those of
                      // the filters
                      HttpHeaders headers = request.exchange().getResponse().getHeaders();
                      headers.set("X-Frame", "inner");
                      headers.remove("X-Gone");
                      headers.add("X-Tag", "inner");
                      return arrivals.run().then(ServerResponse.ok().bodyValue("headers"));
                    })
                .build(),
            outer,
            arrivals.filter(),
            filter);
    arrivals.expect(N);

    List<HttpResponse<String>> responses = Concurrently.run(N, () -> server.get("/headers"));

    assertThat(arrivals.runs()).isBetween(1, 5);
    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.body()).isEqualTo("headers");
              assertThat(response.headers().allValues("X-Request-Id")).hasSize(1);
              assertThat(response.headers().allValues("X-Frame")).containsExactly("inner");
              assertThat(response.headers().allValues("X-Tag")).containsExactly("outer", "inner");
              assertThat(response.headers().firstValue("X-Gone")).isEmpty();
            });
    assertThat(responses)
        .extracting(response -> response.headers().firstValue("X-Request-Id").orElseThrow())
        .doesNotHaveDuplicates();
  }

  @Test
  void callersFromOtherAddressesNeverShareUnlessThePolicySaysTheRouteIsTheSameForAll()
      throws Exception {
    server =
        LoopbackWebFlux.startBehindProxy(
            RouterFunctions.route()
                .GET("/internal", request -> answer(request.remoteAddress().orElseThrow()))
                .GET("/public", request -> answer(request.remoteAddress().orElseThrow()))
                .build(),
            arrivals.filter(),
            filter);

    arrivals.expect(N);
    AtomicInteger next = new AtomicInteger();
    List<String[]> answers =
        Concurrently.run(
            N,
            () -> {
              String address = next.getAndIncrement() % 2 == 0 ? "10.0.0.5" : "203.0.113.7";
              return new String[] {
                address, server.get("/internal", "X-Forwarded-For", address).body()
              };
            });
    assertThat(answers).allSatisfy(answer -> assertThat(answer[1]).isEqualTo("for " + answer[0]));
    assertThat(arrivals.runs()).isBetween(2, 6);

    int before = arrivals.runs();
    arrivals.expect(N);
    List<HttpResponse<String>> shared =
        Concurrently.run(
            N,
            () ->
                server.get(
                    "/public",
                    "X-Forwarded-For",
                    next.getAndIncrement() % 2 == 0 ? "10.0.0.5" : "203.0.113.7"));
    assertThat(shared).extracting(HttpResponse::body).containsOnly(shared.get(0).body());
    assertThat(arrivals.runs() - before).isBetween(1, 5);
  }

  /**
   * One application on a public and an internal server behind one proxy, the same filter in front
   * of both: the callers of one never get the answer of the other, though they send the same
   * {@code Host} and come from the same address.
   */
  @Test
  void callersOnAnotherServerPortNeverShare() throws Exception {
    var routes =
        RouterFunctions.route()
            .GET(
                "/internal",
                request ->
                    arrivals
                        .run()
                        .then(
                            ServerResponse.ok()
                                .bodyValue(
                                    "port "
                                        + request
                                            .exchange()
                                            .getRequest()
                                            .getLocalAddress()
                                            .getPort())))
            .build();
    server = LoopbackWebFlux.start(routes, arrivals.filter(), filter);
    otherServer = LoopbackWebFlux.start(routes, arrivals.filter(), filter);

    arrivals.expect(N);
    AtomicInteger next = new AtomicInteger();
    List<String[]> answers =
        Concurrently.run(
            N,
            () -> {
              LoopbackWebFlux target = next.getAndIncrement() % 2 == 0 ? server : otherServer;
              return new String[] {"port " + target.port(), bodyOf(target.port(), "/internal")};
            });
    assertThat(answers).allSatisfy(answer -> assertThat(answer[1]).isEqualTo(answer[0]));
    assertThat(arrivals.runs()).isBetween(2, 6);
  }

  /**
   * Sends a GET with {@code Host: app.example} on a connection of its own, as a proxy in front of
   * both servers would (the JDK client does not let a request set {@code Host}); returns the body.
   */
  private static String bodyOf(int port, String path) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("GET " + path + " HTTP/1.1\r\nHost: app.example\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      String response =
          new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
      assertThat(response).startsWith("HTTP/1.1 200 ");
      return response.substring(response.indexOf("\r\n\r\n") + 4);
    }
  }

  private Mono<ServerResponse> answer(InetSocketAddress client) {
    return arrivals.run().then(ServerResponse.ok().bodyValue("for " + client.getHostString()));
  }
}
