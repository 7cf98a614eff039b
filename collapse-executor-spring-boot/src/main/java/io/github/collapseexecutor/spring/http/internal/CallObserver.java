package io.github.collapseexecutor.spring.http.internal;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.http.CollapseKey;
import io.github.collapseexecutor.spring.http.UnsharedReason;
import io.github.collapseexecutor.spring.observation.SharedCallOutcome;
import io.github.collapseexecutor.spring.observation.internal.CallerOutcome;
import java.util.concurrent.CompletableFuture;

/**
 * Where the {@link CollapseProtocol} reports what each request did, for tracing: on the request's
 * own observation, and one observation per shared call. Free of any tracing library, so that the
 * protocol runs without one; {@link #NONE} when no observation registry is configured.
 */
public interface CallObserver {

  /** Observes nothing. */
  CallObserver NONE = new CallObserver() {
    @Override
    public Caller caller(Object observation) {
      return Caller.NONE;
    }

    @Override
    public SharedCall sharedCall(String executorName, CollapseKey key, Caller leader) {
      return SharedCall.NONE;
    }
  };

  /**
   * Returns the listener the executor reports to, given the one of the options: an observer that
   * needs the executor's reports takes them on their way.
   */
  default CollapseListener listener(CollapseListener listener) {
    return listener;
  }

  /**
   * Returns the request's own observation.
   *
   * @param observation the request's observation when the adapter knows it (a WebClient exchange
   *     carries it in its Reactor context), or {@code null} for the one current on this thread
   */
  Caller caller(Object observation);

  /** Starts observing the shared call that {@code leader} makes for {@code key}. */
  SharedCall sharedCall(String executorName, CollapseKey key, Caller leader);

  /** What one request did, as its own observation shows it. */
  interface Caller {

    /** A request with no observation. */
    Caller NONE = new Caller() {
      @Override
      public void outcome(CallerOutcome outcome, String reason) {}

      @Override
      public void linkTo(SharedCall call) {}
    };

    /**
     * Records what the request did; a later call replaces an earlier one.
     *
     * @param reason why, or {@code null} if there is nothing to add
     */
    void outcome(CallerOutcome outcome, String reason);

    /** Links the request's span to the span of {@code call}, where the tracer supports links. */
    void linkTo(SharedCall call);
  }

  /** One shared call, from the turn of the request that makes it to the end of that turn. */
  interface SharedCall {

    /** A shared call that is not observed. */
    SharedCall NONE = (promise, outcome, failure, observed, reason) ->
        settle(promise, outcome, failure);

    /**
     * Hands the call's outcome to the requests that share it, completing {@code promise} with
     * {@code outcome}, or with {@code failure} when there is no outcome, then stops observing the
     * call.
     *
     * @param observed how the call ended, unless every request left before
     * @param reason why the response was not shared, or {@code null}
     */
    void end(CompletableFuture<Outcome> promise, Outcome outcome, Throwable failure,
        SharedCallOutcome observed, UnsharedReason reason);

    /** Completes {@code promise}; returns whether this completed it, and not a cancel before. */
    static boolean settle(CompletableFuture<Outcome> promise, Outcome outcome, Throwable failure) {
      return outcome != null ? promise.complete(outcome) : promise.completeExceptionally(failure);
    }
  }
}
