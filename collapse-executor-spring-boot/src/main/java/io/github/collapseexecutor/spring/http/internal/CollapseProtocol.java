package io.github.collapseexecutor.spring.http.internal;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.spring.http.CollapseGroup;
import io.github.collapseexecutor.spring.http.CollapseKey;
import io.github.collapseexecutor.spring.http.CollapsePolicy;
import io.github.collapseexecutor.spring.http.CollapseRules;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.RequestHeaders;
import io.github.collapseexecutor.spring.http.ShareUncacheable;
import io.github.collapseexecutor.spring.http.UnsharedReason;
import io.github.collapseexecutor.spring.http.internal.CallObserver.Caller;
import io.github.collapseexecutor.spring.http.internal.CallObserver.CallerOutcome;
import io.github.collapseexecutor.spring.http.internal.CallObserver.SharedCall;
import io.github.collapseexecutor.spring.observation.SharedCallOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The collapse protocol every HTTP adapter follows; an adapter only translates its library's
 * request and response. For each request with a key, {@link #join} hands out one {@link Turn}:
 *
 * <ul>
 *   <li>{@link Pass}: make the call as if collapse were off (no key, closed, or the key is marked
 *       for hit-for-pass);</li>
 *   <li>{@link Lead}: make the call for every identical request, then end the turn exactly once:
 *       {@link Lead#share} a buffered copy, {@link Lead#refuse} to share (the waiting requests make
 *       their own calls), or {@link Lead#fail} with the call's exception;</li>
 *   <li>{@link Wait}: wait for {@link Wait#future()}, at most the wait timeout, then ask
 *       {@link Wait#answer} whether to replay the shared response or make an own call.</li>
 * </ul>
 *
 * <p>The protocol counts every request in the stats, remembers keys for hit-for-pass, logs the
 * first refusal of each reason per group, and, with an observation registry in the options,
 * observes each shared call and tells each request's own observation what the request did.
 */
public final class CollapseProtocol implements AutoCloseable {

  private final HttpCollapseOptions options;
  private final CollapseRules rules;
  private final FutureCallableGroupCollapseExecutor executor;
  private final CollapseCounters counters;
  private final HitForPass hitForPass;
  private final FirstWarnings warnings;
  private final ReportedSizes sizes;
  private final CallObserver observer;
  private final ShareUncacheable[] sharing;
  private final long waitTimeoutNanos;
  private volatile boolean closed;

  /** Creates the protocol of one adapter, with its own executor. */
  public CollapseProtocol(HttpCollapseOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    this.rules = new CollapseRules(options);
    this.counters = new CollapseCounters(options.groups().size());
    // the size of a shared call reaches the protocol only through the executor's report
    this.sizes = new ReportedSizes(options.listener());
    this.executor = new FutureCallableGroupCollapseExecutor(options.name(), sizes);
    this.observer = options.observationRegistry() == null
        ? CallObserver.NONE : new ObservedCalls(options, executor.name());
    this.hitForPass = new HitForPass(saturatedNanos(options.hitForPassTtl()),
        options.hitForPassMaxKeys());
    this.warnings = new FirstWarnings(executor.name(), options.groups());
    this.waitTimeoutNanos = saturatedNanos(options.waitTimeout());
    List<CollapseGroup> groups = options.groups();
    this.sharing = new ShareUncacheable[groups.size()];
    for (int i = 0; i < sharing.length; i++) {
      String policy = groups.get(i).collapsePolicyName();
      sharing[i] = (policy == null ? CollapsePolicy.DEFAULT : options.policies().get(policy))
          .shareUncacheable();
    }
  }

  /** Returns the rules that build keys. */
  public CollapseRules rules() {
    return rules;
  }

  /** Returns the counters. */
  public HttpCollapseStats stats() {
    return counters;
  }

  /** Returns the options. */
  public HttpCollapseOptions options() {
    return options;
  }

  /** Returns the wait timeout in nanoseconds, {@link Long#MAX_VALUE} if longer than that. */
  public long waitTimeoutNanos() {
    return waitTimeoutNanos;
  }

  /** Returns how many keys are marked for hit-for-pass, expired ones not yet dropped included. */
  int hitForPassKeys() {
    return hitForPass.size();
  }

  /** {@link #join(CollapseKey, RequestHeaders, Object)} in the observation current here. */
  public Turn join(CollapseKey key, RequestHeaders request) {
    return join(key, request, null);
  }

  /**
   * Returns what the request with {@code key} does; a {@code null} key passes. Counts a request
   * that passes at once.
   *
   * @param observation the request's own Micrometer {@code Observation}, or {@code null} for the
   *     one current on this thread; typed {@code Object} so that adapters need no Micrometer
   */
  public Turn join(CollapseKey key, RequestHeaders request, Object observation) {
    Caller caller = observer.caller(observation);
    if (key == null || closed) {
      counters.passedThrough(key);
      caller.outcome(CallerOutcome.NOT_COLLAPSED, key == null ? "not-collapsible" : "closed");
      return Pass.PASS;
    }
    if (hitForPass.contains(key)) {
      counters.passedThrough(key);
      unshared(key, UnsharedReason.HIT_FOR_PASS);
      caller.outcome(CallerOutcome.NOT_COLLAPSED, UnsharedReason.HIT_FOR_PASS.tag());
      return Pass.PASS;
    }
    CompletableFuture<Outcome> promise = new CompletableFuture<>();
    // the executor calls the callable on this thread, inside execute, only for the request that
    // starts the call; the leader then makes the call outside, and completes the promise
    boolean[] leading = new boolean[1];
    CompletableFuture<Outcome> mine;
    try {
      mine = executor.execute(key, () -> {
        leading[0] = true;
        return promise;
      });
    } catch (IllegalStateException refused) {
      if (!closed) {
        throw refused;
      }
      // closed between the check above and this call: go through as if collapse were off
      counters.passedThrough(key);
      caller.outcome(CallerOutcome.NOT_COLLAPSED, "closed");
      return Pass.PASS;
    }
    if (leading[0]) {
      caller.outcome(CallerOutcome.LED, null);
      return new Lead(key, request, promise, mine, caller, observer.sharedCall(key, caller));
    }
    caller.outcome(CallerOutcome.JOINED, null); // until its answer says otherwise
    return new Wait(key, request, mine, caller);
  }

  /**
   * Stops collapsing: calls in progress complete for every request that shares them, and later
   * requests pass. Idempotent.
   */
  @Override
  public void close() {
    closed = true;
    executor.close();
  }

  private void unshared(CollapseKey key, UnsharedReason reason) {
    counters.unshared(key, reason);
    warnings.warnOnce(key.group(), reason);
  }

  private static long saturatedNanos(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }

  /**
   * What the request that made the call hands to the others: a snapshot to replay, or the reason
   * they must make their own calls.
   */
  public record Outcome(ResponseSnapshot snapshot, UnsharedReason reason, SharedCall call) {

    static Outcome shared(ResponseSnapshot snapshot, SharedCall call) {
      return new Outcome(snapshot, null, call);
    }

    static Outcome refused(UnsharedReason reason, SharedCall call) {
      return new Outcome(null, reason, call);
    }
  }

  /** What one request does; see {@link CollapseProtocol}. */
  public sealed interface Turn permits Pass, Lead, Wait {}

  /** Make the call as if collapse were off; already counted. */
  public enum Pass implements Turn {
    /** The one instance. */
    PASS
  }

  /** Make the call for every identical request, then end the turn exactly once. */
  public final class Lead implements Turn {

    private final CollapseKey key;
    private final RequestHeaders request;
    private final CompletableFuture<Outcome> promise;
    private final CompletableFuture<Outcome> own;
    private final Caller caller;
    private final SharedCall call;
    private final AtomicBoolean ended = new AtomicBoolean();

    private Lead(CollapseKey key, RequestHeaders request, CompletableFuture<Outcome> promise,
        CompletableFuture<Outcome> own, Caller caller, SharedCall call) {
      this.key = key;
      this.request = request;
      this.promise = promise;
      this.own = own;
      this.caller = caller;
      this.call = call;
    }

    /**
     * Returns this request's own place among the callers, completed with the outcome: cancelling
     * it leaves the call to the others, and the call is abandoned once every request left.
     */
    public CompletableFuture<Outcome> future() {
      return own;
    }

    /** Returns the headers of the request. */
    public RequestHeaders request() {
      return request;
    }

    /** Returns the largest body that may be buffered to share. */
    public int maxBodyBytes() {
      return options.maxBodyBytes();
    }

    /** Returns why a response with these headers must not be shared, or {@code null}. */
    public UnsharedReason refusal(List<Map.Entry<String, String>> headers) {
      return SharingRules.refusal(headers, hasCredential(), sharing[key.group()]);
    }

    /** Hands {@code snapshot} to every waiting request. */
    public void share(ResponseSnapshot snapshot) {
      if (end()) {
        counters.led(key);
        complete(Outcome.shared(snapshot, call), SharedCallOutcome.SHARED, null, null);
      }
    }

    /**
     * Tells the waiting requests to make their own calls; marks the key for hit-for-pass unless
     * the reason is {@link UnsharedReason#LEADER_FAILED}, which says nothing of the next response.
     */
    public void refuse(UnsharedReason reason) {
      if (end()) {
        if (reason != UnsharedReason.LEADER_FAILED) {
          hitForPass.remember(key);
        }
        counters.led(key);
        unshared(key, reason);
        caller.outcome(CallerOutcome.LED, reason.tag());
        complete(Outcome.refused(reason, call), SharedCallOutcome.REFUSED, reason, null);
      }
    }

    /**
     * Hands the call's failure to every waiting request, as the client would have thrown it;
     * when this request's thread was interrupted, the failure is its own, and the waiting
     * requests make their own calls instead.
     */
    public void fail(Throwable failure) {
      if (!end()) {
        return;
      }
      if (Thread.currentThread().isInterrupted()) {
        complete(Outcome.refused(UnsharedReason.LEADER_FAILED, call), SharedCallOutcome.FAILED,
            UnsharedReason.LEADER_FAILED, failure);
      } else {
        complete(null, SharedCallOutcome.FAILED, null, failure);
      }
    }

    /** Runs {@code action} once every request left before the turn ended. */
    public void onAbandon(Runnable action) {
      promise.whenComplete((outcome, failure) -> {
        if (failure instanceof CancellationException) {
          action.run();
        }
      });
    }

    /**
     * Completes the promise with {@code outcome}, or with {@code failure} when there is no
     * outcome, then stops the shared call's observation with the number of requests that shared
     * it, which the executor reports while the promise completes.
     */
    private void complete(Outcome outcome, SharedCallOutcome observed, UnsharedReason reason,
        Throwable failure) {
      sizes.reset();
      boolean completed = outcome != null
          ? promise.complete(outcome) : promise.completeExceptionally(failure);
      call.stop(sizes.last(), completed ? observed : SharedCallOutcome.ABANDONED,
          reason == null ? null : reason.tag(), failure);
    }

    /**
     * Returns whether this call ends the turn. Counting happens before the promise completes,
     * because completing it answers the callers, which may read the counts at once.
     */
    private boolean end() {
      return ended.compareAndSet(false, true);
    }

    private boolean hasCredential() {
      for (String header : options.sensitiveHeaders()) {
        if (!request.values(header).isEmpty()) {
          return true;
        }
      }
      return false;
    }
  }

  /** Wait for the outcome of another request's call. */
  public final class Wait implements Turn {

    private final CollapseKey key;
    private final RequestHeaders request;
    private final CompletableFuture<Outcome> future;
    private final Caller caller;

    private Wait(CollapseKey key, RequestHeaders request, CompletableFuture<Outcome> future,
        Caller caller) {
      this.key = key;
      this.request = request;
      this.future = future;
      this.caller = caller;
    }

    /** Returns the outcome, or the call's failure; cancelling it leaves the call. */
    public CompletableFuture<Outcome> future() {
      return future;
    }

    /**
     * Stops waiting at the wait timeout, reports it to the listener, and returns the outcome to
     * {@link #answer}: an own call.
     */
    public Outcome timedOut() {
      leave();
      ListenerReports.waitTimedOut(options.listener(), executor.name());
      return Outcome.refused(UnsharedReason.WAIT_TIMEOUT, SharedCall.NONE);
    }

    /** Stops waiting because the request's own time limit ended first; reports the timeout. */
    public void ownLimitReached() {
      leave();
      caller.outcome(CallerOutcome.FELL_BACK, UnsharedReason.WAIT_TIMEOUT.tag());
      ListenerReports.waitTimedOut(options.listener(), executor.name());
    }

    /** Stops waiting: the call goes on for the others. */
    public void leave() {
      // a caller's future reports a second cancel as a second leave; the wait may be cancelled
      // already (Reactor cancels it on a timeout)
      if (!future.isDone()) {
        future.cancel(/* mayInterruptIfRunning= */ false);
      }
    }

    /**
     * Returns the snapshot to replay to this request, or {@code null} if it must make its own
     * call; counts the request either way.
     *
     * @param outcome the outcome, or {@code null} if the call ended without one
     */
    public ResponseSnapshot answer(Outcome outcome) {
      if (outcome != null) {
        caller.linkTo(outcome.call());
      }
      if (outcome != null && outcome.snapshot() != null
          && outcome.snapshot().canServe(request)) {
        counters.replayed(key);
        return outcome.snapshot();
      }
      counters.fellBack(key);
      UnsharedReason reason = outcome == null ? UnsharedReason.LEADER_FAILED
          : outcome.reason() == null ? UnsharedReason.VARY : outcome.reason();
      unshared(key, reason);
      caller.outcome(CallerOutcome.FELL_BACK, reason.tag());
      return null;
    }
  }
}
