package io.github.collapseexecutor.spring.http.internal;

import io.github.collapseexecutor.spring.http.CollapseKey;
import io.github.collapseexecutor.spring.observation.SharedCallOutcome;

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
    public SharedCall sharedCall(CollapseKey key, Caller leader) {
      return SharedCall.NONE;
    }
  };

  /**
   * Returns the request's own observation.
   *
   * @param observation the request's observation when the adapter knows it (a WebClient exchange
   *     carries it in its Reactor context), or {@code null} for the one current on this thread
   */
  Caller caller(Object observation);

  /** Starts observing the shared call {@code leader} makes for {@code key}. */
  SharedCall sharedCall(CollapseKey key, Caller leader);

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

  /** The observation of one shared call. */
  interface SharedCall {

    /** A shared call that is not observed. */
    SharedCall NONE = (size, outcome, reason, failure) -> {};

    /**
     * Stops the observation.
     *
     * @param size how many requests shared the call
     * @param outcome how it ended
     * @param reason why the response was not shared, or {@code null}
     * @param failure the call's failure, or {@code null}
     */
    void stop(int size, SharedCallOutcome outcome, String reason, Throwable failure);
  }

  /** What a request did, as the {@code collapse.outcome} key says it. */
  enum CallerOutcome {
    /** Made the shared call. */
    LED("led"),
    /** Got the response, or the failure, of another request's call. */
    JOINED("joined"),
    /** Waited for another request's call, then made its own. */
    FELL_BACK("fell-back"),
    /** Went through without collapsing. */
    NOT_COLLAPSED("not-collapsed");

    private final String tag;

    CallerOutcome(String tag) {
      this.tag = tag;
    }

    /** Returns the value of the key. */
    public String tag() {
      return tag;
    }
  }
}
