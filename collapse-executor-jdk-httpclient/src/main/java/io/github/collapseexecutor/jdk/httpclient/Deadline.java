package io.github.collapseexecutor.jdk.httpclient;

import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * When a caller's own request timeout ({@link HttpRequest#timeout()}) ends. A collapsed request
 * goes out without its timeout, since the call it starts may serve callers with other timeouts,
 * and each caller's timeout is timed here instead: it ends that caller's wait, never the call.
 */
final class Deadline {

  /** No timeout. */
  static final Deadline NONE = new Deadline(Long.MAX_VALUE, false);

  private final long nanoTime;
  private final boolean set;

  private Deadline(long nanoTime, boolean set) {
    this.nanoTime = nanoTime;
    this.set = set;
  }

  /** Returns the deadline of {@code request}'s timeout, counted from now. */
  static Deadline of(HttpRequest request) {
    return request
        .timeout()
        .map(timeout -> new Deadline(System.nanoTime() + timeout.toNanos(), true))
        .orElse(NONE);
  }

  /** Returns what is left of it, in nanoseconds, or {@link Long#MAX_VALUE} if there is none. */
  long nanosLeft() {
    return set ? nanoTime - System.nanoTime() : Long.MAX_VALUE;
  }

  /**
   * Fails {@code response} with {@link #reached()} if {@code turn}, the caller's place in the
   * collapse, has not given it a response when the deadline comes, and cancels the turn, so that
   * the caller leaves it. As with the JDK's own timeout, a response that arrived in time is not
   * cut short while its body is read.
   */
  // the callbacks handle both outcomes: the stages they return hold nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  void bound(CompletableFuture<?> response, CompletableFuture<?> turn) {
    if (!set) {
      return;
    }
    // a timer that the turn's end cancels, so that no task outlives the wait it times
    CompletableFuture<Boolean> timer = new CompletableFuture<>();
    timer.completeOnTimeout(Boolean.TRUE, Math.max(0, nanosLeft()), TimeUnit.NANOSECONDS);
    turn.whenComplete((value, failure) -> timer.complete(Boolean.FALSE));
    timer.thenAccept(
        ended -> {
          if (ended && !turn.isDone() && response.completeExceptionally(reached())) {
            turn.cancel(/* mayInterruptIfRunning= */ false);
          }
        });
  }

  /** Returns what the JDK's client fails a call with when its request timeout ends. */
  static HttpTimeoutException reached() {
    return new HttpTimeoutException("request timed out");
  }
}
