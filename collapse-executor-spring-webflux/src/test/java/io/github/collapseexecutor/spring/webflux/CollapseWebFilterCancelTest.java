package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.Parking;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

/**
 * A client that goes away: a waiting request's leaves the shared run to the others; the leading
 * request's leaves the waiting requests to run the handler themselves.
 */
@Timeout(60)
final class CollapseWebFilterCancelTest {

  private final AtomicInteger runs = new AtomicInteger();
  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final CompletableFuture<Void> release = new CompletableFuture<>();
  private final CountDownLatch cancelled = new CountDownLatch(1);
  private final CollapseWebFilter filter = new CollapseWebFilter(HttpCollapseOptions.builder()
      .group(CollapseGroup.ofUris("/slow")).build());
  private final HttpClient client = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackWebFlux server;

  @BeforeEach
  void start() {
    // counted once the cancel has gone through the filters below, the collapse filter's too
    WebFilter countCancels = (exchange, chain) -> chain.filter(exchange).doFinally(signal -> {
      if (signal == SignalType.CANCEL) {
        cancelled.countDown();
      }
    });
    server = LoopbackWebFlux.start(RouterFunctions.route()
        .GET("/slow", request -> {
          int run = runs.incrementAndGet();
          return Mono.fromFuture(release, /* suppressCancel= */ true)
              .then(ServerResponse.ok().bodyValue("run " + run));
        })
        .build(), countCancels, arrivals.filter(), filter);
  }

  @AfterEach
  void stop() {
    release.complete(null);
    server.close();
    filter.close();
  }

  private CompletableFuture<HttpResponse<String>> sendAsync() {
    return client.sendAsync(HttpRequest.newBuilder(server.uri("/slow"))
        .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Sends a GET on a socket of its own, which the test closes to go away. */
  private Socket sendOnSocket() throws Exception {
    Socket socket = new Socket("127.0.0.1", server.port());
    OutputStream out = socket.getOutputStream();
    out.write(("GET /slow HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return socket;
  }

  @Test
  void aWaitingRequestWhoseClientLeavesDoesNotCancelTheSharedRun() throws Exception {
    arrivals.expect(1);
    CompletableFuture<HttpResponse<String>> leader = sendAsync();
    arrivals.all().block(Duration.ofSeconds(10));
    arrivals.expect(2);
    CompletableFuture<HttpResponse<String>> waiting = sendAsync();
    Socket leaving = sendOnSocket();
    arrivals.all().block(Duration.ofSeconds(10));

    leaving.close();
    Parking.await(cancelled);
    release.complete(null);

    assertThat(leader.get(20, TimeUnit.SECONDS).body()).isEqualTo("run 1");
    assertThat(waiting.get(20, TimeUnit.SECONDS).body()).isEqualTo("run 1");
    assertThat(runs.get()).isEqualTo(1);
    assertThat(filter.stats().replayed()).isEqualTo(1);
  }

  @Test
  void whenTheLeadingRequestsClientLeavesTheWaitingRequestsRunTheHandlerThemselves()
      throws Exception {
    arrivals.expect(1);
    Socket leaving = sendOnSocket();
    arrivals.all().block(Duration.ofSeconds(10));
    arrivals.expect(2);
    CompletableFuture<HttpResponse<String>> first = sendAsync();
    CompletableFuture<HttpResponse<String>> second = sendAsync();
    arrivals.all().block(Duration.ofSeconds(10));

    leaving.close();
    Parking.await(cancelled);
    release.complete(null);

    assertThat(first.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(second.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(runs.get()).isEqualTo(3);
    assertThat(filter.stats().fellBack()).isEqualTo(2);
  }
}
