package io.github.collapseexecutor.spring.http.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * A request given a {@code httpRequest(Consumer<ClientHttpRequest>)} consumer never collapses:
 * the connector runs that consumer after every filter, on the request it sends, and it may set a
 * credential that neither the key nor the check of the request sent sees. Two callers subscribe
 * while the backend holds the first call until both have gone through the collapse filter, so a
 * caller that could join the other's exchange has done so before any response arrives.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
final class CollapseExchangeFilterFunctionHttpRequestConsumerTest {

  private static final long WAIT_SECONDS = 10;

  private final AtomicInteger calls = new AtomicInteger();

  /**
   * Counted down once a request has gone through the collapse filter's subscription: it then
   * either waits for another's exchange or has started its own.
   */
  private final CountDownLatch subscribed = new CountDownLatch(2);

  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final CollapseExchangeFilterFunction collapse =
      new CollapseExchangeFilterFunction(
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/data")).build());
  private HttpServer server;
  private WebClient client;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.createContext(
        "/data",
        exchange -> {
          if (calls.incrementAndGet() == 1) {
            awaitBothSubscribed();
          }
          byte[] body =
              ("data of " + exchange.getRequestHeaders().getFirst("Authorization"))
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "text/plain");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    ExchangeFilterFunction countSubscriptions =
        (request, next) -> {
          Mono<ClientResponse> collapsed = next.exchange(request);
          return Mono.from(
              subscriber -> {
                collapsed.subscribe(subscriber);
                subscribed.countDown();
              });
        };
    client =
        WebClient.builder()
            .baseUrl("http://127.0.0.1:" + server.getAddress().getPort())
            .filter(countSubscriptions)
            .filter(collapse)
            .build();
  }

  @AfterEach
  void stop() {
    collapse.close();
    server.stop(0);
    pool.shutdownNow();
  }

  private void awaitBothSubscribed() {
    try {
      subscribed.await(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void callersWithAnHttpRequestConsumerEachGetTheirOwnResponse() throws Exception {
    CompletableFuture<String> alice = throughHttpRequest("Bearer alice");
    CompletableFuture<String> bob = throughHttpRequest("Bearer bob");

    assertThat(alice.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(bob.get(WAIT_SECONDS, TimeUnit.SECONDS))
        .as("%s", collapse.stats())
        .isEqualTo("data of Bearer bob");
    assertThat(calls.get()).as("backend calls").isEqualTo(2);
    assertThat(collapse.stats().passedThrough()).isEqualTo(2);
    assertThat(collapse.stats().replayed()).isZero();
  }

  @Test
  void aCallerWithAnHttpRequestConsumerDoesNotJoinAnAnonymousOne() throws Exception {
    CompletableFuture<String> anonymous = get(client.get().uri("/data"));
    CompletableFuture<String> consumer = throughHttpRequest("Bearer bob");

    assertThat(anonymous.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of null");
    assertThat(consumer.get(WAIT_SECONDS, TimeUnit.SECONDS))
        .as("%s", collapse.stats())
        .isEqualTo("data of Bearer bob");
    assertThat(calls.get()).as("backend calls").isEqualTo(2);
    assertThat(collapse.stats().passedThrough()).isEqualTo(1);
    assertThat(collapse.stats().replayed()).isZero();
  }

  @Test
  void plainIdenticalCallersStillCollapse() throws Exception {
    CompletableFuture<String> first = asHeader("Bearer alice");
    CompletableFuture<String> second = asHeader("Bearer alice");

    assertThat(first.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(second.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(calls.get()).as("backend calls; %s", collapse.stats()).isEqualTo(1);
    assertThat(collapse.stats().led()).isEqualTo(1);
    assertThat(collapse.stats().replayed()).isEqualTo(1);
    assertThat(collapse.stats().passedThrough()).isZero();
  }

  @Test
  void plainCallersWithDifferentCredentialsStayApart() throws Exception {
    CompletableFuture<String> alice = asHeader("Bearer alice");
    CompletableFuture<String> bob = asHeader("Bearer bob");

    assertThat(alice.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(bob.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer bob");
    assertThat(calls.get()).as("backend calls").isEqualTo(2);
  }

  @Test
  void callersThatDeclareTheirConsumerChangesNoAnswerCollapse() throws Exception {
    AtomicInteger consumersRun = new AtomicInteger();
    CompletableFuture<String> first = declaredHarmless("Bearer alice", consumersRun);
    CompletableFuture<String> second = declaredHarmless("Bearer alice", consumersRun);

    assertThat(first.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(second.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(calls.get()).as("backend calls; %s", collapse.stats()).isEqualTo(1);
    assertThat(consumersRun.get()).as("the consumer of the request sent").isEqualTo(1);
    assertThat(collapse.stats().replayed()).isEqualTo(1);
    assertThat(collapse.stats().passedThrough()).isZero();
  }

  @Test
  void declaredCallersWithDifferentCredentialsStayApart() throws Exception {
    CompletableFuture<String> alice = declaredHarmless("Bearer alice", new AtomicInteger());
    CompletableFuture<String> bob = declaredHarmless("Bearer bob", new AtomicInteger());

    assertThat(alice.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(bob.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer bob");
    assertThat(calls.get()).as("backend calls").isEqualTo(2);
  }

  @Test
  void aDeclaredCallerSharesOnlyWithCallersThatDeclareToo() throws Exception {
    CompletableFuture<String> plain = asHeader("Bearer alice");
    CompletableFuture<String> declared = declaredHarmless("Bearer alice", new AtomicInteger());

    assertThat(plain.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(declared.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("data of Bearer alice");
    assertThat(calls.get()).as("backend calls; %s", collapse.stats()).isEqualTo(2);
    assertThat(collapse.stats().replayed()).isZero();
  }

  /** A request whose consumer only counts itself, declared to change nothing a server answers by. */
  private CompletableFuture<String> declaredHarmless(String credential, AtomicInteger runs) {
    return get(
        client
            .get()
            .uri("/data")
            .header(HttpHeaders.AUTHORIZATION, credential)
            .attribute(CollapseExchangeFilterFunction.HTTP_REQUEST_CHANGES_NO_ANSWER, true)
            .httpRequest(
                request -> {
                  // the filter also runs it on a request that only notes a response timeout it sets
                  if (!java.lang.reflect.Proxy.isProxyClass(request.getClass())) {
                    runs.incrementAndGet();
                  }
                }));
  }

  private CompletableFuture<String> throughHttpRequest(String credential) {
    return get(
        client
            .get()
            .uri("/data")
            .httpRequest(
                request -> request.getHeaders().set(HttpHeaders.AUTHORIZATION, credential)));
  }

  private CompletableFuture<String> asHeader(String credential) {
    return get(client.get().uri("/data").header(HttpHeaders.AUTHORIZATION, credential));
  }

  private static CompletableFuture<String> get(WebClient.RequestHeadersSpec<?> request) {
    return request.retrieve().bodyToMono(String.class).toFuture();
  }
}
