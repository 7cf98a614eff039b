package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CallObserver.Caller;
import io.github.collapseexecutor.http.CallObserver.SharedCall;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.CollapseSwitch;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.ShareUncacheable;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The collapse protocol every HTTP adapter follows; an adapter only translates its library's
 * request and response. For each request with a key, {@link #join} hands out one {@link Turn}:
 *
 * <ul>
 *   <li>{@link Pass}: make the call as if collapse were off (no key, a request body, closed, the
 *       key's group switched off, or the key is marked for hit-for-pass);</li>
 *   <li>{@link Lead}: make the call for every identical request, then end the turn exactly once:
 *       {@link Lead#share} a buffered copy, {@link Lead#refuse} to share (the waiting requests make
 *       their own calls), or {@link Lead#fail} with the call's exception;</li>
 *   <li>{@link Wait}: wait for {@link Wait#future()}, at most the wait timeout, then ask
 *       {@link Wait#answer} for the next turn: a {@link Replay} of the shared response, a
 *       {@link Pass} (an own call), or, when the response varies on a request header whose value
 *       differs from the leader's, a {@code Lead} or {@code Wait} among the requests that sent
 *       the same values as this one.</li>
 * </ul>
 *
 * <p>The protocol counts every request in the stats, remembers keys for hit-for-pass and the
 * request headers each key's responses vary on, and logs the first refusal of each reason per
 * group. A key whose responses vary on headers it does not hold is widened by their values from
 * the start ({@link VariedKey}), so that requests with different values never wait for each
 * other. With an observation registry in the options, it observes each shared call and tells
 * each request's own observation what the request did ({@link CallObserver}).
 */
public final class CollapseProtocol implements AutoCloseable {

  private final HttpCollapseOptions options;
  private final CollapseRules rules;
  private final FutureCallableGroupCollapseExecutor executor;
  private final CollapseCounters counters;
  private final ExpiringTable<Object, Boolean> hitForPass;
  private final ExpiringTable<CollapseKey, List<String>> varyNames;
  private final FirstWarnings warnings;
  private final CallObserver observer;
  private final ShareUncacheable[] sharing;
  private final long waitTimeoutNanos;
  private final CollapseSwitch collapseSwitch;
  private volatile boolean closed;

  /** Creates the protocol of one adapter, its executor named by the options or else defaultName. */
  public CollapseProtocol(HttpCollapseOptions options, String defaultName) {
    this.options = Objects.requireNonNull(options, "options");
    this.rules = new CollapseRules(options);
    this.counters = new CollapseCounters(options.groups().size());
    this.observer = options.observations() == null
        ? CallObserver.NONE : options.observations().create(options);
    this.executor = new FutureCallableGroupCollapseExecutor(options.name() != null
        ? options.name() : Objects.requireNonNull(defaultName, "defaultName"),
        observer.listener(options.listener()));
    this.hitForPass = new ExpiringTable<>(SaturatedNanos.of(options.hitForPassTtl()),
        options.hitForPassMaxKeys());
    this.varyNames = new ExpiringTable<>(SaturatedNanos.of(options.varyTtl()),
        options.varyMaxKeys());
    this.warnings = new FirstWarnings(executor.name(), options.groups());
    this.waitTimeoutNanos = SaturatedNanos.of(options.waitTimeout());
    this.collapseSwitch = options.collapseSwitch();
    this.sharing = SharingRules.byGroup(options);
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

  /** Returns how many keys have their Vary names remembered, expired ones included. */
  int varyKeys() {
    return varyNames.size();
  }

  /**
   * Passes a request that its client says carries a body ({@link RequestBody}); counts it. A
   * {@code null} key is left alone, as in {@link #join(CollapseKey, RequestHeaders, Object)}.
   */
  public Turn passWithBody(@Nullable CollapseKey key, @Nullable Object observation) {
    if (key == null) {
      return outsideEveryGroup();
    }
    return pass(key, observer.caller(observation), RequestBody.REASON);
  }

  /** {@link #join(CollapseKey, RequestHeaders, Object)} in the observation current here. */
  public Turn join(@Nullable CollapseKey key, RequestHeaders request) {
    return join(key, request, null);
  }

  /**
   * Returns what the request with {@code key} does; a {@code null} key or headers that announce a
   * body ({@link RequestBody}) pass. Counts a request that passes at once.
   *
   * <p>A {@code null} key is a request that no group takes (a path no group matches, a method
   * other than GET and HEAD, a URI that has no key): collapsing is opt-in, so such a request is
   * left alone, and its observation gets no {@code collapse.*} key; it is counted in
   * {@link HttpCollapseStats#passedThrough()} of the adapter only. A request of a group that
   * cannot collapse (a body, its group switched off, hit-for-pass, closed) still says so.
   *
   * @param observation the request's own Micrometer {@code Observation}, or {@code null} for the
   *     one current on this thread; typed {@code Object} so that adapters need no Micrometer
   */
  public Turn join(@Nullable CollapseKey key, RequestHeaders request,
      @Nullable Object observation) {
    if (key == null) {
      return outsideEveryGroup();
    }
    Caller caller = observer.caller(observation);
    if (!collapseSwitch.isOn(options.groups().get(key.group()))) {
      return pass(key, caller, "switched-off");
    }
    if (RequestBody.announced(request)) {
      return pass(key, caller, RequestBody.REASON);
    }
    List<String> varied = varyNames.get(key);
    if (varied == null) {
      return join(key, key, request, caller, /* mayRegroup= */ true);
    }
    counters.varyKeyed(key);
    return join(key, VariedKey.of(key, varied, request), request, caller, /* mayRegroup= */ true);
  }

  /**
   * Joins the call for {@code flight}: {@code key}, or {@code key} widened by Vary values.
   *
   * @param mayRegroup whether a waiter whose Vary values differ from the leader's joins the
   *     requests with its own values; false for a request that did so once already
   */
  private Turn join(CollapseKey key, Object flight, RequestHeaders request, Caller caller,
      boolean mayRegroup) {
    if (closed) {
      return pass(key, caller, "closed");
    }
    if (hitForPass.get(flight) != null) {
      unshared(key, UnsharedReason.HIT_FOR_PASS);
      return pass(key, caller, UnsharedReason.HIT_FOR_PASS.tag());
    }
    CompletableFuture<Outcome> promise = new CompletableFuture<>();
    // the executor calls the callable on this thread, inside execute, only for the request that
    // starts the call; the leader then makes the call outside, and completes the promise
    boolean[] leading = new boolean[1];
    CompletableFuture<Outcome> mine;
    try {
      mine = executor.execute(flight, () -> {
        leading[0] = true;
        return promise;
      });
    } catch (IllegalStateException refused) {
      if (!closed) {
        throw refused;
      }
      // closed between the check above and this call: go through as if collapse were off
      return pass(key, caller, "closed");
    }
    caller.outcome(leading[0] ? CallerOutcome.LED : CallerOutcome.JOINED, null);
    return leading[0]
        ? new Lead(key, flight, request, promise, mine,
            observer.sharedCall(executor.name(), key, caller))
        : new Wait(key, request, mine, caller, mayRegroup);
  }

  /** Counts a request that no group takes and leaves its observation alone. */
  private Turn outsideEveryGroup() {
    counters.passedThrough(null);
    return Pass.PASS;
  }

  private Turn pass(CollapseKey key, Caller caller, String reason) {
    counters.passedThrough(key);
    caller.outcome(CallerOutcome.NOT_COLLAPSED, reason);
    return Pass.PASS;
  }

  /** Stops collapsing: calls in progress complete, later requests pass. Idempotent. */
  @Override
  public void close() {
    closed = true;
    executor.close();
  }

  private void unshared(CollapseKey key, UnsharedReason reason) {
    counters.unshared(key, reason);
    warnings.warnOnce(key.group(), reason);
    ListenerReports.unshared(options.listener(), executor.name(), options.groups().get(key.group()),
        reason);
  }

  /** What one request does; see {@link CollapseProtocol}. */
  public sealed interface Turn permits Pass, Lead, Wait, Replay {}

  /** Answer with a response of its own built from {@code snapshot}; already counted. */
  public record Replay(ResponseSnapshot snapshot) implements Turn {}

  /** Make the call as if collapse were off; already counted. */
  public enum Pass implements Turn {
    /** The one instance. */
    PASS
  }

  /** Make the call for every identical request, then end the turn exactly once. */
  public final class Lead implements Turn {

    private final CollapseKey key;
    private final Object flight;
    private final RequestHeaders request;
    private final CompletableFuture<Outcome> promise;
    private final CompletableFuture<Outcome> own;
    private final SharedCall call;
    private final AtomicBoolean ended = new AtomicBoolean();

    private Lead(CollapseKey key, Object flight, RequestHeaders request,
        CompletableFuture<Outcome> promise, CompletableFuture<Outcome> own, SharedCall call) {
      this.key = key;
      this.flight = flight;
      this.request = request;
      this.promise = promise;
      this.own = own;
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

    /**
     * Returns why a response with these headers must not be shared, or {@code null}. A stream
     * ({@link StreamTypes}) is refused as soon as its headers arrive, so that its caller reads its
     * events as they come and the waiting requests do not wait for its end.
     */
    public @Nullable UnsharedReason refusal(List<Map.Entry<String, @Nullable String>> headers) {
      UnsharedReason refusal = SharingRules.refusal(headers,
          SharingRules.credentialed(request, options.sensitiveHeaders()), sharing[key.group()]);
      return refusal == null && StreamTypes.isStream(headers) ? UnsharedReason.STREAM : refusal;
    }

    /**
     * Hands {@code snapshot} to every waiting request, and remembers the request headers it varies
     * on for the next requests with this key.
     */
    public void share(ResponseSnapshot snapshot) {
      if (end()) {
        List<String> varied = snapshot.varyNames().stream()
            .filter(name -> !rules.keyHolds(key, name)).toList();
        if (!varied.isEmpty()) {
          varyNames.put(key, varied);
        } else if (flight instanceof VariedKey) {
          varyNames.remove(key);
        }
        counters.led(key);
        Outcome shared = Outcome.shared(snapshot, varied, call);
        call.end(() -> promise.complete(shared), SharedCallOutcome.SHARED, null, null);
      }
    }

    /**
     * Tells the waiting requests to make their own calls; marks the key for hit-for-pass unless
     * the reason is {@link UnsharedReason#LEADER_FAILED}, which says nothing of the next response.
     */
    public void refuse(UnsharedReason reason) {
      if (end()) {
        if (reason != UnsharedReason.LEADER_FAILED) {
          hitForPass.put(flight, Boolean.TRUE);
        }
        counters.led(key);
        unshared(key, reason);
        Outcome refused = Outcome.refused(reason, call);
        call.end(() -> promise.complete(refused), SharedCallOutcome.REFUSED, null, reason);
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
      UnsharedReason own = Thread.currentThread().isInterrupted()
          ? UnsharedReason.LEADER_FAILED : null;
      Outcome refused = own == null ? null : Outcome.refused(own, call);
      call.end(() -> refused != null ? promise.complete(refused)
          : promise.completeExceptionally(failure), SharedCallOutcome.FAILED, failure, own);
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
     * Returns whether this call ends the turn. Counting happens before the promise completes,
     * because completing it answers the callers, which may read the counts at once.
     */
    private boolean end() {
      return ended.compareAndSet(false, true);
    }
  }

  /** Wait for the outcome of another request's call. */
  public final class Wait implements Turn {

    private final CollapseKey key;
    private final RequestHeaders request;
    private final CompletableFuture<Outcome> future;
    private final Caller caller;
    private final boolean mayRegroup;

    private Wait(CollapseKey key, RequestHeaders request, CompletableFuture<Outcome> future,
        Caller caller, boolean mayRegroup) {
      this.key = key;
      this.request = request;
      this.future = future;
      this.caller = caller;
      this.mayRegroup = mayRegroup;
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
      return Outcome.refused(UnsharedReason.WAIT_TIMEOUT);
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
     * Returns what this request does next, as {@link #join} would: a {@link Replay} of the
     * shared response, a {@link Pass} to make its own call (both counted), or, when the response
     * varies on a header whose value this request sent differently, a {@link Lead} or
     * {@link Wait} among the requests that sent the same values, so that they make one call
     * between them instead of one each.
     *
     * @param outcome the outcome, or {@code null} if the call ended without one
     */
    public Turn answer(@Nullable Outcome outcome) {
      ResponseSnapshot snapshot = outcome == null ? null : outcome.snapshot();
      caller.linkTo(outcome == null ? null : outcome.call());
      if (snapshot != null && snapshot.canServe(request)) {
        counters.replayed(key);
        return new Replay(snapshot);
      }
      if (snapshot != null && mayRegroup && !outcome.varied().isEmpty()) {
        counters.regrouped(key);
        return join(key, VariedKey.of(key, outcome.varied(), request), request, caller,
            /* mayRegroup= */ false);
      }
      counters.fellBack(key);
      UnsharedReason reason = outcome == null ? UnsharedReason.LEADER_FAILED
          : outcome.reason() == null ? UnsharedReason.VARY : outcome.reason();
      unshared(key, reason);
      caller.outcome(CallerOutcome.FELL_BACK, reason.tag());
      return Pass.PASS;
    }
  }
}
