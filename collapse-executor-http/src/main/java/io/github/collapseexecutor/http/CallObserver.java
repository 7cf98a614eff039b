package io.github.collapseexecutor.http;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.core.SharedCallOutcome;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Where an HTTP adapter reports what each request did, for tracing: on the request's own
 * observation, and one observation per shared call. It names no tracing library, so that the
 * adapters run without one; an observation library implements it (the Micrometer one is
 * {@code CollapseObservations} of {@code collapse-executor-micrometer}), and the application
 * hands it to the adapter through {@link HttpCollapseOptions.Builder#observations(Factory)}.
 * {@link #NONE} when none is set.
 *
 * <p>An adapter calls {@link #caller} once per request that a collapse group takes, and
 * {@link #sharedCall} once per call that a request makes for others; it calls
 * {@link SharedCall#end} exactly once per shared call, on the thread that ends it.
 */
@Incubating
public interface CallObserver {

  /** Observes nothing. */
  CallObserver NONE =
      new CallObserver() {
        @Override
        public Caller caller(@Nullable Object observation) {
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
  Caller caller(@Nullable Object observation);

  /** Starts observing the shared call that {@code leader} makes for {@code key}. */
  SharedCall sharedCall(String executorName, CollapseKey key, Caller leader);

  /** What one request did, as its own observation shows it. */
  interface Caller {

    /** A request with no observation. */
    Caller NONE =
        new Caller() {
          @Override
          public void outcome(CallerOutcome outcome, @Nullable String reason) {}

          @Override
          public void linkTo(@Nullable SharedCall call) {}
        };

    /**
     * Records what the request did; a later call replaces an earlier one.
     *
     * @param reason why, or {@code null} if there is nothing to add
     */
    void outcome(CallerOutcome outcome, @Nullable String reason);

    /**
     * Links the request's span to the span of {@code call}, where the tracer supports links.
     *
     * @param call the shared call the request waited for, or {@code null} if that call ended
     *     without an outcome, which leaves nothing to link to
     */
    void linkTo(@Nullable SharedCall call);
  }

  /** One shared call, from the turn of the request that makes it to the end of that turn. */
  interface SharedCall {

    /** A shared call that is not observed. */
    // settle hands the outcome over; whether anyone was left to get it, only an observation needs
    @SuppressWarnings("ReturnValueIgnored")
    SharedCall NONE = (settle, observed, failure, reason) -> settle.getAsBoolean();

    /**
     * Hands the call's outcome to the requests that share it by running {@code settle}, then
     * stops observing the call. The executor reports the call, and how many requests shared it,
     * while {@code settle} runs, on this thread.
     *
     * @param settle hands the outcome over; returns {@code false} when every request had left
     *     before, so that nobody got it
     * @param observed how the call ended, unless every request left before
     * @param failure the call's failure, or {@code null}
     * @param reason why the response was not shared, or {@code null}
     */
    void end(
        BooleanSupplier settle,
        SharedCallOutcome observed,
        @Nullable Throwable failure,
        @Nullable UnsharedReason reason);
  }

  /** Makes the observer of one adapter. */
  @FunctionalInterface
  interface Factory {

    /** Returns the observer of the adapter that {@code options} configure. */
    CallObserver create(HttpCollapseOptions options);
  }
}
