package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
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
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** Waiting requests that reach the wait timeout run the handler themselves; the leader goes on. */
@Timeout(60)
final class CollapseWebFilterWaitTimeoutTest {

  private static final int N = 12;

  private final AtomicInteger runs = new AtomicInteger();
  private final CompletableFuture<Void> releaseLeader = new CompletableFuture<>();
  private final CollapseWebFilter filter =
      new CollapseWebFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/slow"))
              .waitTimeout(Duration.ofMillis(300))
              .build());
  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackWebFlux server;

  @BeforeEach
  void start() {
    server =
        LoopbackWebFlux.start(
            RouterFunctions.route()
                .GET(
                    "/slow",
                    request -> {
                      runs.incrementAndGet();
                      // the leading request's run, whose response is recorded for the others: not
                      // the first run
                      // to start, which may be a waiting request's own when the leader's thread
                      // stalls past the
                      // wait timeout between joining and reaching the handler
                      boolean leads =
                          request.exchange().getResponse() instanceof RecordingWebFluxResponse;
                      Mono<Void> held =
                          leads
                              ? Mono.fromFuture(releaseLeader, /* suppressCancel= */ true)
                              : Mono.empty();
                      return held.then(
                          ServerResponse.ok().bodyValue(leads ? "leader's run" : "own run"));
                    })
                .build(),
            filter);
  }

  @AfterEach
  void stop() {
    releaseLeader.complete(null);
    server.close();
    filter.close();
  }

  @Test
  void waitingRequestsThatTimeOutRunTheHandlerThemselvesWhileTheLeaderGoesOn() throws Exception {
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      calls.add(
          client.sendAsync(
              HttpRequest.newBuilder(server.uri("/slow")).timeout(Duration.ofSeconds(20)).build(),
              HttpResponse.BodyHandlers.ofString()));
    }
    // the leader's run is held until the others have their answers, past their 300 ms wait.
    // Counted as they end: waiting on the calls not done yet, picked after a count, could pick the
    // held one alone when the last other one ends in between, and wait for it until the client's
    // timeout
    CountDownLatch othersAnswered = new CountDownLatch(N - 1);
    CountDownLatch allAnswered = new CountDownLatch(N);
    calls.forEach(
        call ->
            call.whenComplete(
                (response, failure) -> {
                  othersAnswered.countDown();
                  allAnswered.countDown();
                }));
    assertThat(othersAnswered.await(20, TimeUnit.SECONDS))
        .as(() -> "every call but the held one answered; " + progress(calls))
        .isTrue();
    releaseLeader.complete(null);
    assertThat(allAnswered.await(20, TimeUnit.SECONDS))
        .as(() -> "every call answered once the leader's run is released; " + progress(calls))
        .isTrue();
    List<String> bodies = new ArrayList<>();
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      bodies.add(call.get().body());
    }

    assertThat(bodies).containsOnlyOnce("leader's run").hasSize(N);
    assertThat(runs.get()).isEqualTo(N);
    assertThat(filter.stats().fellBack()).isEqualTo(N - 1);
  }

  /** What a failure reports: the handler's runs, the filter's counts and each call's state. */
  private String progress(List<CompletableFuture<HttpResponse<String>>> calls) {
    List<String> states =
        calls.stream()
            .map(
                call ->
                    !call.isDone()
                        ? "outstanding"
                        : call.isCompletedExceptionally()
                            ? "failed: " + call.handle((r, failure) -> failure).join()
                            : call.join().body())
            .toList();
    return "handler runs " + runs.get() + ", " + filter.stats() + ", calls " + states;
  }
}
