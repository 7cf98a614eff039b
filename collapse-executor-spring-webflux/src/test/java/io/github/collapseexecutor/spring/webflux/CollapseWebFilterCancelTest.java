package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.Parking;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.LeavingClient;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

/**
 * A client that goes away ends its own request alone: a waiting request's and the leading
 * request's alike leave the shared run to the others, which is cancelled only once every request
 * has left.
 */
@Timeout(60)
final class CollapseWebFilterCancelTest {

  /** The waiting requests held in the leading request's run; with it, 50 requests. */
  private static final int WAITING = 49;

  /** A request header outside the key that gives a request a deadline of its own. */
  private static final String DEADLINE = "X-Own-Deadline";

  private final AtomicInteger runs = new AtomicInteger();
  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final CompletableFuture<Void> release = new CompletableFuture<>();
  private final CountDownLatch cancelled = new CountDownLatch(1);
  private final CountDownLatch handlerCancelled = new CountDownLatch(1);
  private final CompletableFuture<Void> ownDeadline = new CompletableFuture<>();
  private final AtomicInteger streamsSubscribed = new AtomicInteger();
  private final AtomicInteger streamsCancelled = new AtomicInteger();
  private final CollapseWebFilter filter =
      new CollapseWebFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/slow", "/events", "/early"))
              .build());
  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackWebFlux server;

  @BeforeEach
  void start() {
    // counted once the cancel has gone through the filters below, the collapse filter's too
    WebFilter countCancels =
        (exchange, chain) ->
            chain
                .filter(exchange)
                .doFinally(
                    signal -> {
                      if (signal == SignalType.CANCEL) {
                        cancelled.countDown();
                      }
                    });
    // a deadline of the request's own, before the collapse filter: a 503 when it passes
    WebFilter deadline =
        (exchange, chain) ->
            exchange.getRequest().getHeaders().getFirst(DEADLINE) != null
                ? chain
                    .filter(exchange)
                    .timeout(
                        Mono.fromFuture(ownDeadline, /* suppressCancel= */ true),
                        Mono.error(new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE)))
                : chain.filter(exchange);
    server =
        LoopbackWebFlux.start(
            RouterFunctions.route()
                .GET(
                    "/slow",
                    request -> {
                      int run = runs.incrementAndGet();
                      return Mono.fromFuture(release, /* suppressCancel= */ true)
                          .doOnCancel(handlerCancelled::countDown)
                          .then(ServerResponse.ok().bodyValue("run " + run));
                    })
                // takes the response's headers before it waits, and sets one on them after
                .GET(
                    "/early",
                    request -> {
                      int run = runs.incrementAndGet();
                      HttpHeaders early = request.exchange().getResponse().getHeaders();
                      return Mono.fromFuture(release, /* suppressCancel= */ true)
                          .then(
                              Mono.defer(
                                  () -> {
                                    early.add("X-Early", "set");
                                    return ServerResponse.ok().bodyValue("run " + run);
                                  }));
                    })
                // the first run's events never end; the others' are one event
                .GET(
                    "/events",
                    request -> {
                      int run = runs.incrementAndGet();
                      Flux<String> events =
                          run > 1
                              ? Flux.just("run " + run)
                              : Flux.<String>never()
                                  .doOnSubscribe(
                                      subscription -> streamsSubscribed.incrementAndGet())
                                  .doOnCancel(streamsCancelled::incrementAndGet);
                      return Mono.fromFuture(release, /* suppressCancel= */ true)
                          .then(
                              ServerResponse.ok()
                                  .contentType(MediaType.TEXT_EVENT_STREAM)
                                  .body(events, String.class));
                    })
                .build(),
            deadline,
            countCancels,
            arrivals.filter(),
            filter);
  }

  @AfterEach
  void stop() {
    release.complete(null);
    server.close();
    filter.close();
  }

  private CompletableFuture<HttpResponse<String>> sendAsync(String path, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(20));
    if (headers.length > 0) {
      request.headers(headers);
    }
    return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Sends the waiting requests once the leading one has joined; returns when they have. */
  private List<CompletableFuture<HttpResponse<String>>> sendWaiting() {
    return sendWaiting("/slow");
  }

  private List<CompletableFuture<HttpResponse<String>>> sendWaiting(String path) {
    arrivals.all().block(Duration.ofSeconds(10));
    arrivals.expect(WAITING);
    List<CompletableFuture<HttpResponse<String>>> waiting = new ArrayList<>();
    for (int i = 0; i < WAITING; i++) {
      waiting.add(sendAsync(path));
    }
    arrivals.all().block(Duration.ofSeconds(10));
    return waiting;
  }

  /**
   * Sends a leading request and the waiting ones to {@code path}, then the leading request's
   * client goes away, and then the handler may answer; returns the waiting requests' calls.
   */
  private List<CompletableFuture<HttpResponse<String>>> whileTheLeaderLeaves(String path)
      throws Exception {
    arrivals.expect(1);
    LeavingClient leaving = LeavingClient.get(server.port(), path);
    List<CompletableFuture<HttpResponse<String>>> waiting = sendWaiting(path);
    leaving.close();
    Parking.await(cancelled);
    release.complete(null);
    return waiting;
  }

  /** Asserts that every waiting request got the leading request's run's answer. */
  private void assertEachGotTheFirstRun(List<CompletableFuture<HttpResponse<String>>> waiting)
      throws Exception {
    assertThat(Concurrently.results(waiting))
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.body()).isEqualTo("run 1");
            });
    assertThat(runs.get()).isEqualTo(1);
    assertThat(filter.stats().replayed()).isEqualTo(WAITING);
  }

  private LeavingClient sendAndLeaveLater() throws Exception {
    return LeavingClient.get(server.port(), "/slow");
  }

  @Test
  void aWaitingRequestWhoseClientLeavesDoesNotCancelTheSharedRun() throws Exception {
    arrivals.expect(1);
    CompletableFuture<HttpResponse<String>> leader = sendAsync("/slow");
    arrivals.all().block(Duration.ofSeconds(10));
    arrivals.expect(2);
    CompletableFuture<HttpResponse<String>> waiting = sendAsync("/slow");
    LeavingClient leaving = sendAndLeaveLater();
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
  void whenTheLeadingRequestsClientLeavesTheWaitingRequestsStillGetTheHandlersAnswer()
      throws Exception {
    List<CompletableFuture<HttpResponse<String>>> waiting = whileTheLeaderLeaves("/slow");

    assertEachGotTheFirstRun(waiting);
    assertThat(handlerCancelled.getCount()).isEqualTo(1);
  }

  @Test
  void theLeadingRequestsOwnDeadlineAnswersItAloneAndTheWaitingRequestsGetTheHandlersAnswer()
      throws Exception {
    arrivals.expect(1);
    CompletableFuture<HttpResponse<String>> leader = sendAsync("/slow", DEADLINE, "own");
    List<CompletableFuture<HttpResponse<String>>> waiting = sendWaiting();

    ownDeadline.complete(null);
    assertThat(leader.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(503);
    release.complete(null);

    assertEachGotTheFirstRun(waiting);
  }

  @Test
  void whenEveryRequestsClientLeavesTheHandlerIsCancelled() throws Exception {
    arrivals.expect(1);
    LeavingClient leader = sendAndLeaveLater();
    arrivals.all().block(Duration.ofSeconds(10));
    arrivals.expect(2);
    LeavingClient first = sendAndLeaveLater();
    LeavingClient second = sendAndLeaveLater();
    arrivals.all().block(Duration.ofSeconds(10));

    leader.close();
    Parking.await(cancelled);
    assertThat(handlerCancelled.getCount())
        .as("cancelled with requests still waiting")
        .isEqualTo(1);
    first.close();
    second.close();

    Parking.await(handlerCancelled);
    assertThat(runs.get()).isEqualTo(1);
  }

  @Test
  void theRunOfALeadingRequestThatLeftStopsWhenItsTurnEndsWithAStream() throws Exception {
    arrivals.expect(1);
    CompletableFuture<HttpResponse<String>> leader = sendAsync("/events", DEADLINE, "own");
    List<CompletableFuture<HttpResponse<String>>> waiting = sendWaiting("/events");

    ownDeadline.complete(null);
    assertThat(leader.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(503);
    release.complete(null);

    assertThat(Concurrently.results(waiting))
        .allSatisfy(
            response ->
                assertThat(response.body()).startsWith("data:run ").isNotEqualTo("data:run 1\n\n"));
    assertThat(filter.stats().unshared(UnsharedReason.STREAM)).isEqualTo(1 + WAITING);
    // its events would reach nobody: never left running
    assertThat(streamsCancelled.get()).isEqualTo(streamsSubscribed.get());
  }

  @Test
  void whatTheChainSetsOnALeadingRequestThatLeftIsNotLostFromTheWaitingRequestsAnswers()
      throws Exception {
    List<CompletableFuture<HttpResponse<String>>> waiting = whileTheLeaderLeaves("/early");

    assertThat(Concurrently.results(waiting))
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.headers().firstValue("X-Early")).hasValue("set");
            });
  }
}
