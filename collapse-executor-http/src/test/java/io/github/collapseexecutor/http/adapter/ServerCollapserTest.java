package io.github.collapseexecutor.http.adapter;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a {@link ServerCollapser} answers the requests that wait, over exchanges that record what
 * the collapser asks of them: suspended requests answered with a replay or sent through the chain
 * from another thread, a request the server cannot suspend answered on its own thread, and the
 * continuation of a request that regroups by {@code Vary}.
 */
@Timeout(20)
final class ServerCollapserTest {

  private static final RequestHeaders NONE = RequestHeaders.of(name -> List.of(), List::of);
  private static final long WAIT = 10;

  private ServerCollapser collapser = collapser(HttpCollapseOptions.builder());

  @AfterEach
  void close() {
    collapser.close();
  }

  @Test
  void suspendedRequestsAreAnsweredWithAReplayOfWhatTheLeaderRecorded() throws Exception {
    Request leader = new Request();
    collapser.serve(key(), NONE, leader);
    Request waiter = new Request();
    CompletionStage<?> answered = collapser.serve(key(), NONE, waiter);

    assertThat(waiter.suspended).isTrue();
    leader.recording.recorded(
        200, List.of(Map.entry("Content-Type", "text/plain")), "ada".getBytes(UTF_8), "detail");

    answered.toCompletableFuture().get(WAIT, TimeUnit.SECONDS);
    SharedResponse replayed = waiter.replayed.get(WAIT, TimeUnit.SECONDS);
    assertThat(replayed.status()).isEqualTo(200);
    assertThat(replayed.bodyCopy()).asString(UTF_8).isEqualTo("ada");
    assertThat(replayed.detail()).isEqualTo("detail");
    assertThat(collapser.stats().replayed()).isEqualTo(1);
  }

  @Test
  void aSuspendedRequestRunsTheChainItselfWhenTheResponseIsNotRecorded() throws Exception {
    Request leader = new Request();
    collapser.serve(key(), NONE, leader);
    Request waiter = new Request();
    collapser.serve(key(), NONE, waiter);

    leader.recording.notRecorded(UnsharedReason.TOO_LARGE);

    assertThat(waiter.resumed.get(WAIT, TimeUnit.SECONDS))
        .as("no continuation: the chain, as if collapse were off")
        .isNull();
    assertThat(collapser.stats().fellBack()).isEqualTo(1);
  }

  @Test
  void aSuspendedRequestGoesOnThroughTheChainAtTheWaitTimeout() throws Exception {
    collapser.close();
    collapser = collapser(HttpCollapseOptions.builder().waitTimeout(Duration.ofMillis(200)));
    collapser.serve(key(), NONE, new Request());
    long start = System.nanoTime();
    Request waiter = new Request();
    collapser.serve(key(), NONE, waiter);

    assertThat(waiter.resumed.get(WAIT, TimeUnit.SECONDS)).isNull();
    assertThat(System.nanoTime() - start)
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
    assertThat(collapser.stats().unshared(UnsharedReason.WAIT_TIMEOUT)).isEqualTo(1);
  }

  @Test
  void aSuspendedRequestGoesOnAtTheWaitTimeoutThoughTheListenerThrowsAnError() throws Exception {
    collapser.close();
    collapser =
        collapser(
            HttpCollapseOptions.builder()
                .waitTimeout(Duration.ofMillis(200))
                .listener(new AsyncClientCollapserTest.BrokenListener()));
    collapser.serve(key(), NONE, new Request());
    Request waiter = new Request();
    CompletionStage<?> answered = collapser.serve(key(), NONE, waiter);

    assertThat(waiter.resumed.get(WAIT, TimeUnit.SECONDS)).isNull();
    answered.toCompletableFuture().get(WAIT, TimeUnit.SECONDS);
    assertThat(collapser.stats().unshared(UnsharedReason.WAIT_TIMEOUT)).isEqualTo(1);
  }

  @Test
  void aRequestThatEndsWhileSuspendedLeavesAndIsNotAnswered() throws Exception {
    Request leader = new Request();
    collapser.serve(key(), NONE, leader);
    Request gone = new Request();
    collapser.serve(key(), NONE, gone);
    Request waiter = new Request();
    collapser.serve(key(), NONE, waiter);

    gone.leave.run();
    leader.recording.recorded(200, List.of(), new byte[0], null);

    assertThat(waiter.replayed.get(WAIT, TimeUnit.SECONDS).status()).isEqualTo(200);
    assertThat(gone.replayed).isNotDone();
    assertThat(gone.resumed).isNotDone();
  }

  @Test
  void aLeaderThatLeavesLeavesTheChainToTheWaitingRequestsUntilItRecords() throws Exception {
    Request leader = serve();
    Request waiter = serve();
    CompletableFuture<Boolean> stopped = new CompletableFuture<>();

    leader.recording.leave(() -> stopped.complete(true));
    assertThat(stopped).as("a request still waits for the chain").isNotDone();
    leader.recording.recorded(200, List.of(), "ada".getBytes(UTF_8), null);

    assertThat(waiter.replayed.get(WAIT, TimeUnit.SECONDS).bodyCopy())
        .asString(UTF_8)
        .isEqualTo("ada");
    assertThat(stopped)
        .as("nobody is left for what the chain still does")
        .isCompletedWithValue(true);
    assertThat(collapser.stats().replayed()).isEqualTo(1);
  }

  @Test
  void theChainOfALeaderThatLeftStopsWhenTheLastWaitingRequestLeaves() throws Exception {
    Request leader = serve();
    Request waiter = serve();
    CompletableFuture<Boolean> stopped = new CompletableFuture<>();

    leader.recording.leave(() -> stopped.complete(true));
    waiter.leave.run();

    assertThat(stopped.get(WAIT, TimeUnit.SECONDS)).isTrue();
    assertThat(serve().recording).as("the next request leads a call of its own").isNotNull();
  }

  @Test
  void theChainOfALeaderThatLeavesAfterItsTurnEndedStopsAtOnce() throws Exception {
    Request leader = serve();
    leader.recording.notRecorded(UnsharedReason.STREAM);
    CompletableFuture<Boolean> stopped = new CompletableFuture<>();

    leader.recording.leave(() -> stopped.complete(true));

    assertThat(stopped).isCompletedWithValue(true);
  }

  @Test
  void aChainExceptionReachesTheLeaderOnlyAndTheOthersRunTheChain() throws Exception {
    Request failing = new Request();
    failing.failure = new CompletableFuture<>();
    CompletableFuture<Throwable> leaderGot = new CompletableFuture<>();
    Thread leading =
        new Thread(
            () -> {
              try {
                collapser.serve(key(), NONE, failing);
                leaderGot.complete(null);
              } catch (IOException | RuntimeException e) {
                leaderGot.complete(e);
              }
            });
    leading.start();
    failing.recordStarted.get(WAIT, TimeUnit.SECONDS);
    Request waiter = new Request();
    collapser.serve(key(), NONE, waiter);

    IOException chainFailed = new IOException("chain failed");
    failing.failure.complete(chainFailed);

    assertThat(leaderGot.get(WAIT, TimeUnit.SECONDS)).isSameAs(chainFailed);
    assertThat(waiter.resumed.get(WAIT, TimeUnit.SECONDS))
        .as("no continuation: the chain, as if collapse were off")
        .isNull();
    assertThat(collapser.stats().unshared(UnsharedReason.LEADER_FAILED)).isEqualTo(2);
    leading.join(TimeUnit.SECONDS.toMillis(WAIT));
  }

  @Test
  void aRequestTheServerCannotSuspendWaitsOnItsOwnThread() throws Exception {
    Request leader = new Request();
    collapser.serve(key(), NONE, leader);
    Request blocking = new Request();
    blocking.suspendable = false;
    CompletableFuture<Thread> answeredOn = new CompletableFuture<>();
    blocking.replayed.whenComplete(
        (shared, failure) -> answeredOn.complete(Thread.currentThread()));
    Thread waiting =
        new Thread(
            () -> {
              try {
                collapser.serve(key(), NONE, blocking);
              } catch (IOException e) {
                answeredOn.completeExceptionally(e);
              }
            });
    waiting.start();
    blocking.suspendAsked.get(WAIT, TimeUnit.SECONDS);

    leader.recording.recorded(200, List.of(), new byte[0], null);

    assertThat(answeredOn.get(WAIT, TimeUnit.SECONDS)).isSameAs(waiting);
    waiting.join(TimeUnit.SECONDS.toMillis(WAIT));
  }

  /**
   * Two requests with another {@code Vary} value than the leader's regroup: the first leads among
   * them and the second waits for it, each carried by a continuation. A leading continuation its
   * adapter never hands back, once abandoned, sends the one waiting for it through the chain.
   */
  @Test
  void aRegroupedRequestGoesOnWithItsContinuationAndOneNeverHandedBackIsAbandoned()
      throws Exception {
    Request leader = new Request();
    collapser.serve(key(), edition("a"), leader);
    Request firstB = new Request();
    collapser.serve(key(), edition("b"), firstB);
    Request secondB = new Request();
    collapser.serve(key(), edition("b"), secondB);

    leader.recording.recorded(200, List.of(Map.entry("Vary", "X-Edition")), new byte[0], null);
    ServerCollapser.Continuation leadsB = firstB.resumed.get(WAIT, TimeUnit.SECONDS);
    ServerCollapser.Continuation waitsB = secondB.resumed.get(WAIT, TimeUnit.SECONDS);
    assertThat(leadsB).isNotNull();
    assertThat(waitsB).isNotNull();
    assertThat(collapser.stats().regrouped()).isEqualTo(2);

    Request waitingB = new Request();
    collapser.resume(waitsB, waitingB);
    assertThat(waitingB.suspended).isTrue();
    leadsB.abandon();

    assertThat(waitingB.resumed.get(WAIT, TimeUnit.SECONDS))
        .as("its leader never ran: the chain, as if collapse were off")
        .isNull();
    Request late = new Request();
    collapser.resume(leadsB, late);
    assertThat(late.proceeded).as("an abandoned continuation only passes").isTrue();
  }

  /** Serves a request of {@link #key()}: the first leads, the next ones wait. */
  private Request serve() throws IOException {
    Request request = new Request();
    collapser.serve(key(), NONE, request);
    return request;
  }

  private ServerCollapser collapser(HttpCollapseOptions.Builder options) {
    return new ServerCollapser(options.group(CollapseGroup.ofUris("/users/*")).build(), "test");
  }

  private CollapseKey key() {
    return collapser
        .rules()
        .keyFor(
            RequestTarget.builder("GET", URI.create("http://backend.test/users/1"))
                .headers(NONE)
                .build());
  }

  private static RequestHeaders edition(String edition) {
    return RequestHeaders.of(
        name -> name.equalsIgnoreCase("X-Edition") ? List.of(edition) : List.of(),
        () -> List.of("X-Edition"));
  }

  /**
   * A request whose chain is the test: a leading request keeps its recording for the test to
   * report to, a waiting one is suspended, and whatever the collapser answers it with is kept.
   */
  private static final class Request implements ServerExchange<RuntimeException> {

    private @Nullable ResponseRecording recording;
    private @Nullable CompletableFuture<IOException> failure;
    private boolean proceeded;
    private final CompletableFuture<Boolean> recordStarted = new CompletableFuture<>();
    private boolean suspendable = true;
    private boolean suspended;
    private Runnable leave = () -> {};
    private final CompletableFuture<Boolean> suspendAsked = new CompletableFuture<>();
    private final CompletableFuture<SharedResponse> replayed = new CompletableFuture<>();
    private final CompletableFuture<ServerCollapser.@Nullable Continuation> resumed =
        new CompletableFuture<>();

    @Override
    public CompletionStage<?> proceed() {
      proceeded = true;
      return DONE;
    }

    @Override
    public CompletionStage<?> record(ResponseRecording recording) throws IOException {
      this.recording = recording;
      recordStarted.complete(true);
      if (failure != null) {
        try {
          throw failure.get(WAIT, TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
          throw new AssertionError(e);
        }
      }
      return new CompletableFuture<>();
    }

    @Override
    public CompletionStage<?> replay(SharedResponse shared) {
      replayed.complete(shared);
      return DONE;
    }

    @Override
    public boolean suspend(Runnable leave) {
      this.leave = leave;
      suspended = suspendable;
      suspendAsked.complete(true);
      return suspendable;
    }

    @Override
    public CompletionStage<?> resume(ServerCollapser.@Nullable Continuation next) {
      resumed.complete(next);
      return DONE;
    }
  }
}
