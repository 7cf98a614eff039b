package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * How the call of a leading request ({@link Lead}) is made: here, as its collapser makes it
 * ({@link #HERE}); or, with a fleet tier in the options ({@link HttpCollapseOptions#fleet()}),
 * once across the instances of the application, where the leader either makes the call for
 * every instance or takes the response another instance's call produced and shares it here as
 * if it were its own. A collapser says what making the call and replaying a response mean for its
 * requests ({@link Steps}, {@link AsyncSteps}); everything of the fleet tier (the key's text,
 * which requests and responses cross, how long a leader waits for another instance and how old a
 * call it may join after a write here) is {@link FleetLeaderCall}'s alone.
 */
interface LeaderCall {

  /** Makes every call here: no tier in the options. */
  LeaderCall HERE =
      new LeaderCall() {
        @Override
        public <T, X extends Exception> T make(
            Lead lead, @Nullable DetailCodec<?> codec, Steps<T, X> steps) throws X {
          return steps.call();
        }

        @Override
        public <T> @Nullable CompletionStage<? extends T> makeAsync(
            Lead lead, @Nullable DetailCodec<?> codec, AsyncSteps<T> steps) {
          return null;
        }

        @Override
        public CompletionStage<Void> written() {
          return WRITTEN;
        }
      };

  /** A write that no other instance need learn of: complete. */
  CompletionStage<Void> WRITTEN = CompletableFuture.completedFuture(null);

  /**
   * Returns how the leaders of the collapse executor {@code name} make their calls under
   * {@code options}, whose writes {@code writes} counts.
   */
  static LeaderCall of(HttpCollapseOptions options, String name, WriteClock writes) {
    Fleet fleet = options.fleet();
    return fleet == null ? HERE : new FleetLeaderCall(fleet, options, name, writes);
  }

  /**
   * Makes the call of {@code lead}, for a request whose thread may block while it waits for
   * another instance, and returns the request's own response.
   *
   * @param codec how the detail of the adapter's responses travels, or {@code null} if it stays
   * @throws X what {@code steps} threw, or {@link Steps#interrupted()}
   */
  <T, X extends Exception> T make(Lead lead, @Nullable DetailCodec<?> codec, Steps<T, X> steps)
      throws X;

  /**
   * Makes the call of {@code lead} without holding a thread while it waits for another
   * instance, and returns the stage of the request's own response; or returns {@code null} at
   * once, having done nothing, if the call is made here: the collapser then makes it on this
   * thread, as it would with no tier. A failure of reading what another instance produced goes
   * to {@link AsyncSteps#failed} first.
   */
  <T> @Nullable CompletionStage<? extends T> makeAsync(
      Lead lead, @Nullable DetailCodec<?> codec, AsyncSteps<T> steps);

  /**
   * Tells the other instances that a write completed here, so that their requests from now on
   * never take the response of a call that started before it; returns the stage that completes
   * once they can know of it, or the tier's own bound passed. It never fails.
   */
  CompletionStage<Void> written();

  /**
   * What a leading request whose thread may block does.
   *
   * @param <T> its own response
   * @param <X> what it throws
   */
  interface Steps<T, X extends Exception> {

    /**
     * Makes the call, ending the lead's turn with what it got, and returns the request's own
     * response.
     */
    T call() throws X;

    /**
     * Returns the request's own copy of {@code shared}, the response another instance's call
     * produced, which the lead has shared with the requests that wait here.
     */
    T replay(SharedResponse shared) throws X;

    /**
     * Ends the lead's turn for a request interrupted while another instance made the call, and
     * returns what it throws; its interrupt status is set again.
     */
    X interrupted();
  }

  /**
   * What a leading request whose thread must not block does; each stage starts without
   * blocking.
   *
   * @param <T> its own response
   */
  interface AsyncSteps<T> {

    /**
     * Starts the call, which ends the lead's turn with what it gets, from a thread that may not
     * be the request's own.
     */
    CompletionStage<? extends T> call();

    /** As {@link Steps#replay}. */
    CompletionStage<? extends T> replay(SharedResponse shared);

    /** Ends the lead's turn after taking another instance's response failed unexpectedly. */
    void failed(Throwable unexpected);
  }
}
