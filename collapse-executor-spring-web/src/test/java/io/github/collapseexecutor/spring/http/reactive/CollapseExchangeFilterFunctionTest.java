package io.github.collapseexecutor.spring.http.reactive;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.CountingBackend;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.PooledDataBuffer;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.util.context.Context;

final class CollapseExchangeFilterFunctionTest {

  private static final int N = 16;
  private static final int DELAY_MS = 400;
  private static final Duration TIMEOUT = Duration.ofSeconds(20);

  private final CountingBackend backend = new CountingBackend();
  private final CompletableFuture<BatchReport> firstReport = new CompletableFuture<>();
  private final Queue<DataBuffer> pooledBuffers = new ConcurrentLinkedQueue<>();
  private WireMockServer server;
  private CollapseExchangeFilterFunction filter;
  private WebClient client;

  @BeforeEach
  void start() {
    server = backend.start();
    filter =
        new CollapseExchangeFilterFunction(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/user/*", "/big"))
                .maxBodyBytes(1024)
                .listener(
                    new CollapseListener() {
                      @Override
                      public void batchCompleted(BatchReport report) {
                        firstReport.complete(report);
                      }
                    })
                .build());
    // sits between the collapse filter and the connector and remembers every pooled buffer
    ExchangeFilterFunction tracker =
        (request, next) ->
            next.exchange(request)
                .map(
                    response ->
                        response
                            .mutate()
                            .body(
                                body ->
                                    body.doOnNext(
                                        buffer -> {
                                          if (buffer instanceof PooledDataBuffer) {
                                            pooledBuffers.add(buffer);
                                          }
                                        }))
                            .build());
    client =
        WebClient.builder()
            .baseUrl(server.baseUrl())
            .clientConnector(unpooledConnector())
            .filter(filter)
            .filter(tracker)
            .build();
  }

  /**
   * Netty's default allocator recycles a released buffer's object for the next read, so a buffer
   * this test let go of may look allocated again because someone else now holds it. Unpooled
   * buffers are never reused: once their count reaches zero they stay released, which makes
   * "every buffer was released" something the test can observe. Release rules are the same.
   */
  private static ReactorClientHttpConnector unpooledConnector() {
    return new ReactorClientHttpConnector(
        HttpClient.create().option(ChannelOption.ALLOCATOR, UnpooledByteBufAllocator.DEFAULT));
  }

  @AfterEach
  void stop() {
    backend.stop();
  }

  private void stub(String path, String body) {
    server.stubFor(
        get(urlPathEqualTo(path))
            .willReturn(
                aResponse()
                    .withBody(body)
                    .withHeader("X-Multi", "a", "b")
                    .withFixedDelay(DELAY_MS)));
  }

  private Mono<String> body(String path) {
    return client.get().uri(path).retrieve().bodyToMono(String.class);
  }

  /**
   * Buffers of a cancelled exchange are released on the connection's event loop, after the
   * subscriber has already returned: wait (bounded) for that before looking.
   */
  private void assertEveryPooledBufferWasReleased() {
    // parked rather than spinning: on a loaded machine a spinning test thread takes the core
    // that the event loop needs to release them
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (pooledBuffers.stream().anyMatch(b -> ((PooledDataBuffer) b).isAllocated())
        && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    assertThat(pooledBuffers)
        .allSatisfy(buffer -> assertThat(((PooledDataBuffer) buffer).isAllocated()).isFalse());
  }

  @Test
  void concurrentIdenticalSubscriptionsMakeOneExchangeAndEachGetsItsOwnBody() {
    stub("/user/1", "profile");

    List<List<String>> results =
        Flux.range(0, N)
            .flatMap(
                i ->
                    client
                        .get()
                        .uri("/user/1")
                        .retrieve()
                        .toEntity(String.class)
                        .map(
                            entity ->
                                List.of(
                                    entity.getBody(),
                                    String.valueOf(entity.getHeaders().get("X-Multi")))),
                N)
            .collectList()
            .block(TIMEOUT);

    assertThat(results).hasSize(N).containsOnly(List.of("profile", "[a, b]"));
    assertThat(backend.gets("/user/1")).isLessThan(N);
    assertThat(filter.stats().led() + filter.stats().replayed()).isEqualTo(N);
    assertEveryPooledBufferWasReleased();
  }

  @Test
  void collapseHappensAtSubscriptionNotWhenTheRequestIsBuilt() {
    stub("/user/lazy", "lazy");
    Mono<String> built = body("/user/lazy");

    assertThat(backend.gets("/user/lazy")).isZero();
    assertThat(built.block(TIMEOUT)).isEqualTo("lazy");
    assertThat(built.block(TIMEOUT)).isEqualTo("lazy");
    assertThat(backend.gets("/user/lazy")).isEqualTo(2);
  }

  @Test
  void oneSubscriberCancellingDoesNotAffectTheOthers() {
    stub("/user/2", "two");
    CompletableFuture<String> stays = new CompletableFuture<>();

    Disposable leaves = body("/user/2").subscribe();
    body("/user/2").subscribe(stays::complete, stays::completeExceptionally);
    leaves.dispose();

    assertThat(stays).succeedsWithin(TIMEOUT).isEqualTo("two");
    assertThat(backend.gets("/user/2")).isEqualTo(1);
  }

  @Test
  void theSharedExchangeIsCancelledWhenEverySubscriberLeft() throws Exception {
    stub("/user/3", "three");

    Disposable first = body("/user/3").subscribe();
    Disposable second = body("/user/3").subscribe();
    first.dispose();
    second.dispose();

    BatchReport report = firstReport.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    assertThat(report.failure()).isInstanceOf(CancellationException.class);
    assertThat(report.size()).isEqualTo(2);
  }

  @Test
  void aBodyOverTheLimitIsNotSharedStreamsWholeAndLeaksNoBuffer() {
    String big = "z".repeat(200_000);
    stub("/big", big);

    List<String> bodies =
        Flux.range(0, 4).flatMap(i -> body("/big"), 4).collectList().block(TIMEOUT);

    assertThat(bodies).hasSize(4).allSatisfy(body -> assertThat(body).isEqualTo(big));
    assertThat(backend.gets("/big")).isEqualTo(4);
    assertThat(filter.stats().replayed()).isZero();
    assertEveryPooledBufferWasReleased();
  }

  @Test
  void aCancelledOverLimitBodyIsReleased() {
    String big = "q".repeat(200_000);
    stub("/big", big);

    Integer first =
        client
            .get()
            .uri("/big")
            .retrieve()
            .bodyToFlux(DataBuffer.class)
            .take(1)
            .map(
                buffer -> {
                  int n = buffer.readableByteCount();
                  org.springframework.core.io.buffer.DataBufferUtils.release(buffer);
                  return n;
                })
            .blockFirst(TIMEOUT);

    assertThat(first).isPositive();
    assertEveryPooledBufferWasReleased();
  }

  /**
   * The subscriber's Reactor context reaches the filters after this one for the exchange it leads,
   * as it would without collapse: a filter that takes a credential from it (Spring Security's
   * OAuth2 filter reads the authentication there) must find it, or the leading caller's request
   * goes out without its credential.
   */
  @Test
  void theFiltersAfterThisOneSeeTheContextOfTheSubscriberThatLeads() {
    stub("/user/4", "four");
    List<String> seen = new CopyOnWriteArrayList<>();
    ExchangeFilterFunction reader =
        (request, next) ->
            Mono.deferContextual(
                context -> {
                  seen.add(context.getOrDefault("user", "none"));
                  return next.exchange(request);
                });
    WebClient contextual =
        WebClient.builder().baseUrl(server.baseUrl()).filter(filter).filter(reader).build();

    String body =
        contextual
            .get()
            .uri("/user/4")
            .retrieve()
            .bodyToMono(String.class)
            .contextWrite(Context.of("user", "alice"))
            .block(TIMEOUT);

    assertThat(body).isEqualTo("four");
    assertThat(seen).containsExactly("alice");
  }
}
