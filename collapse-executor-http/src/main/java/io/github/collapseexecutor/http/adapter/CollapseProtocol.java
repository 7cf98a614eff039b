package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor.Place;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CallObserver.Caller;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.CollapseSwitch;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The collapse protocol every HTTP adapter follows, through one of the collapsers of this package;
 * an adapter only translates its library's request and response. For each request with a key,
 * {@link #join} hands out one {@link Turn}, which says what the request does next.
 *
 * <p>The shared call belongs to no caller: each request keeps its own limits ({@link OwnLimits}),
 * fixed once as it first leads or waits, and a failure the leading request brought on itself
 * reaches only the requests whose own call would have failed the same way.
 *
 * <p>The protocol counts every request in the stats, remembers keys for hit-for-pass and the
 * request headers each key's responses vary on, and logs the first refusal of each reason per
 * group. A key whose responses vary on headers it does not hold is widened by their values from
 * the start ({@link FlightKey}), so that requests with different values never wait for each
 * other. With an observation registry in the options, it observes each shared call and tells
 * each request's own observation what the request did ({@link CallObserver}).
 *
 * <p>When the options only observe ({@link HttpCollapseOptions#observeOnly()}), every request
 * makes its own call ({@link Observed}) and is counted as passing through; the protocol keys it as
 * it would to collapse, keeps the first request of each key while it is in progress (one entry
 * per key in progress, gone when that request ends: a request that arrives then would start a call
 * of its own), and counts what collapse would have done: the requests that would have joined, the
 * callers of each would-be call, and why a response would not have been shared; and logs what
 * each group would save every few minutes ({@link ObservedReports}).
 */
final class CollapseProtocol implements AutoCloseable {

  /** What the hash of a key is mixed with before it is shown: its credentials stay unguessable. */
  private static final int KEY_LABEL_SALT = ThreadLocalRandom.current().nextInt();

  /** The reason an observed request passes, as its observation reports it. */
  private static final String OBSERVED = "observed";

  private final HttpCollapseOptions options;
  private final CollapseRules rules;
  private final CollapseCounters counters;
  private final ExpiringTable<FlightKey, Boolean> hitForPass;
  private final ExpiringTable<CollapseKey, List<String>> varyNames;
  private final ShareUncacheable[] sharing;

  /**
   * The limits of the request leading each call in progress: a waiting request whose read timeout
   * is shorter stops waiting at its own. Removed before the waiting requests are answered.
   */
  private final ConcurrentHashMap<CallKey, OwnLimits> leaders = new ConcurrentHashMap<>();

  private final LeaderCall leaderCall;
  private final FutureCallableGroupCollapseExecutor executor;
  private final FirstWarnings warnings;
  private final CallObserver observer;
  private final long waitTimeoutNanos;
  private final CollapseSwitch collapseSwitch;
  private final WriteClock writes;

  /**
   * Observing only: the callers of each would-be call in progress, by the key of the request that
   * would make it; removed when that request ends.
   */
  private final ConcurrentHashMap<CallKey, AtomicInteger> runs = new ConcurrentHashMap<>();

  private final ObservedReports reports;

  private volatile boolean closed;

  /** Creates the protocol of one adapter, its executor named by the options or else defaultName. */
  CollapseProtocol(HttpCollapseOptions options, String defaultName) {
    this.options = Objects.requireNonNull(options, "options");
    this.rules = new CollapseRules(options);
    this.counters = new CollapseCounters(options.groups().size());
    this.observer =
        options.observations() == null ? CallObserver.NONE : options.observations().create(options);
    this.executor =
        new FutureCallableGroupCollapseExecutor(
            options.name() != null
                ? options.name()
                : Objects.requireNonNull(defaultName, "defaultName"),
            observer.listener(options.listener()));
    this.hitForPass =
        new ExpiringTable<>(
            SaturatedNanos.of(options.hitForPassTtl()), options.hitForPassMaxKeys());
    this.varyNames =
        new ExpiringTable<>(SaturatedNanos.of(options.varyTtl()), options.varyMaxKeys());
    this.warnings = new FirstWarnings(executor.name(), options.groups());
    this.reports = new ObservedReports(executor.name(), options.groups());
    this.waitTimeoutNanos = SaturatedNanos.of(options.waitTimeout());
    this.collapseSwitch = options.collapseSwitch();
    this.sharing = SharingRules.byGroup(options);
    this.writes = new WriteClock(options.writeScope(), options.groups().size());
    this.leaderCall = LeaderCall.of(options, executor.name(), writes);
  }

  /** Returns the counters. */
  CollapseCounters counters() {
    return counters;
  }

  /** Returns the rules that build a request's key. */
  CollapseRules rules() {
    return rules;
  }

  /** Returns how a leading request makes its call. */
  LeaderCall leaderCall() {
    return leaderCall;
  }

  /** Returns the largest body that may be buffered to share. */
  int maxBodyBytes() {
    return options.maxBodyBytes();
  }

  /** Returns the wait timeout in nanoseconds, {@link Long#MAX_VALUE} if longer than that. */
  long waitTimeoutNanos() {
    return waitTimeoutNanos;
  }

  /** Returns the name of the executor, for reports. */
  String name() {
    return executor.name();
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
  Turn passWithBody(@Nullable CollapseKey key, @Nullable Object observation) {
    if (key == null) {
      return outsideEveryGroup();
    }
    return pass(key, observer.caller(observation), RequestBody.REASON);
  }

  /** {@link #join(CollapseKey, RequestHeaders, Object)} in the observation current here. */
  Turn join(@Nullable CollapseKey key, RequestHeaders request) {
    return join(key, request, null);
  }

  /**
   * Returns what the request with {@code key} does; a {@code null} key, headers that announce a
   * body ({@link RequestBody}) or ask for a fresh answer ({@link FreshRequest}) pass. Counts a
   * request that passes at once.
   *
   * <p>A request that arrives after a write completed never joins a call that started before it
   * ({@link WriteClock}).
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
  Turn join(@Nullable CollapseKey key, RequestHeaders request, @Nullable Object observation) {
    return join(key, request, observation, OwnLimits.NONE);
  }

  /**
   * {@link #join(CollapseKey, RequestHeaders, Object)} for a caller with limits of its own.
   *
   * @param limits the caller's own limits, kept for as long as the caller takes part: its
   *     deadline bounds each wait, and they decide who takes a call over
   */
  Turn join(
      @Nullable CollapseKey key,
      RequestHeaders request,
      @Nullable Object observation,
      OwnLimits limits) {
    if (key == null) {
      return outsideEveryGroup();
    }
    Caller caller = observer.caller(observation);
    if (options.observeOnly()) {
      return observe(key, request, caller);
    }
    if (!collapseSwitch.isOn(options.groups().get(key.group()))) {
      return pass(key, caller, "switched-off");
    }
    if (RequestBody.announced(request)) {
      return pass(key, caller, RequestBody.REASON);
    }
    if (FreshRequest.asked(request)) {
      // a call in flight may have been sent before this request's own write: never join one
      return pass(key, caller, FreshRequest.REASON);
    }
    return join(
        flightKey(key, request), new Joiner(request, caller, limits), /* mayRegroup= */ true);
  }

  /** Returns the key requests share a call by: {@code key}, widened by remembered Vary names. */
  private FlightKey flightKey(CollapseKey key, RequestHeaders request) {
    List<String> varied = varyNames.get(key);
    if (varied != null) {
      counters.varyKeyed(key);
    }
    return varied == null
        ? new FlightKey(key, List.of(), List.of())
        : FlightKey.of(key, varied, request);
  }

  /**
   * Passes a request that collapse only observes, having counted what collapse would do with it:
   * nothing for a request it would pass, else join the call in progress for an equal key, or make
   * one that the next requests with the key would join.
   */
  private Turn observe(CollapseKey key, RequestHeaders request, Caller caller) {
    pass(key, caller, OBSERVED);
    if (closed
        || !collapseSwitch.isOn(options.groups().get(key.group()))
        || RequestBody.announced(request)
        || FreshRequest.asked(request)) {
      return Pass.PASS;
    }
    FlightKey flight = flightKey(key, request);
    if (hitForPass.get(flight) != null) {
      counters.unshared(key, UnsharedReason.HIT_FOR_PASS);
      return Pass.PASS;
    }
    CallKey call = writes.stamp(flight);
    AtomicInteger mine = new AtomicInteger(1);
    AtomicInteger run = runs.merge(call, mine, CollapseProtocol::joined);
    if (run != mine) {
      counters.wouldJoin(key);
      return new Observed(this, call, request, null);
    }
    return new Observed(this, call, request, mine);
  }

  private static AtomicInteger joined(AtomicInteger run, AtomicInteger unused) {
    run.incrementAndGet();
    return run;
  }

  /** Returns how {@code key} is shown: its group's name and a short salted hash, no values. */
  private String label(CollapseKey key) {
    int hash = (key.hashCode() ^ KEY_LABEL_SALT) * 0x9E3779B9;
    return options.groups().get(key.group()).name()
        + " #"
        + Integer.toHexString((hash >>> 8) | 0x1000000).substring(1);
  }

  /**
   * Counts what collapse would have made of the response an observed request got: {@code reason}
   * it would not have been shared, or {@code null} if it would have.
   *
   * @param run the callers of the would-be call the request would have made, or {@code null} if
   *     it would have joined one: a joining request whose response could be shared is a call
   *     saved
   */
  void observed(CallKey call, @Nullable AtomicInteger run, @Nullable UnsharedReason reason) {
    CollapseKey key = call.flight().key();
    if (run != null) {
      // from now on a request with the key would make a call of its own
      runs.remove(call, run);
      int callers = run.get();
      counters.fanIn(key, callers);
      if (callers > 1) {
        // once per would-be call, not per joiner: the sketch is one lock for the group
        counters.topKey(key, label(key), callers - 1);
      }
      if (reason != null && reason != UnsharedReason.LEADER_FAILED) {
        hitForPass.put(call.flight(), Boolean.TRUE);
      }
    }
    if (reason != null) {
      counters.unshared(key, reason);
    } else if (run == null) {
      counters.wouldSave(key);
    }
    reports.ended(key.group(), counters.groups().get(key.group()));
  }

  /** Returns how many would-be calls observing keeps in progress. */
  int observedRuns() {
    return runs.size();
  }

  /**
   * Joins the call for {@code flight}.
   *
   * @param mayRegroup whether a waiter whose Vary values differ from the leader's joins the
   *     requests with its own values; false for one that did so once already
   */
  Turn join(FlightKey flight, Joiner joiner, boolean mayRegroup) {
    CollapseKey key = flight.key();
    Caller caller = joiner.caller();
    if (closed) {
      return pass(key, caller, "closed");
    }
    if (hitForPass.get(flight) != null) {
      unshared(key, UnsharedReason.HIT_FOR_PASS);
      return pass(key, caller, UnsharedReason.HIT_FOR_PASS.tag());
    }
    // a call that started before a write completed is not joined by a request that came after it
    CallKey call = writes.stamp(flight);
    Place<LeadOutcome> place;
    try {
      place = executor.join(call);
    } catch (IllegalStateException refused) {
      if (!closed) {
        throw refused;
      }
      // closed between the check above and this call: go through as if collapse were off
      return pass(key, caller, "closed");
    }
    if (!place.leads()) {
      caller.outcome(CallerOutcome.JOINED, null);
      return new Wait(this, call, joiner, place.future(), mayRegroup);
    }
    // the leading request makes the call itself, outside the executor, and ends the shared
    // call by completing the lead's promise, on every path
    Lead lead =
        new Lead(
            this, call, joiner, place.future(), observer.sharedCall(executor.name(), key, caller));
    leaders.put(call, joiner.limits());
    place.lead(lead::promise);
    caller.outcome(CallerOutcome.LED, null);
    return lead;
  }

  /** Returns the limits of the request that leads the call in progress for {@code call}, if any. */
  @Nullable OwnLimits leader(CallKey call) {
    return leaders.get(call);
  }

  /**
   * Returns why a response with {@code headers} to the request with {@code key} must not be
   * shared, or {@code null}; a stream ({@link StreamTypes}) as soon as its headers arrive, so that
   * its caller reads its events as they come and the waiting requests do not wait for its end.
   */
  @Nullable UnsharedReason refusal(
      CollapseKey key, RequestHeaders request, List<Map.Entry<String, @Nullable String>> headers) {
    UnsharedReason refusal =
        SharingRules.refusal(
            headers,
            SharingRules.credentialed(request, options.sensitiveHeaders()),
            sharing[key.group()]);
    return refusal == null && StreamTypes.isStream(headers) ? UnsharedReason.STREAM : refusal;
  }

  /**
   * Counts the leader that shares {@code response}, and remembers the request headers it varies
   * on that the key does not hold, for the next requests with the key; returns their names.
   */
  List<String> shared(FlightKey flight, SharedResponse response) {
    CollapseKey key = flight.key();
    Set<String> names = response.varyNames();
    // most responses vary on nothing: they cost no stream
    List<String> varied =
        names.isEmpty()
            ? List.of()
            : names.stream().filter(name -> !rules.keyHolds(key, name)).toList();
    if (!varied.isEmpty()) {
      varyNames.put(key, varied);
    } else if (!flight.varyNames().isEmpty()) {
      varyNames.remove(key);
    }
    counters.led(key);
    return varied;
  }

  /**
   * Counts the leader that shares no response, and marks its flight for hit-for-pass unless the
   * reason is {@link UnsharedReason#LEADER_FAILED}, which says nothing of the next response.
   */
  void refused(FlightKey flight, UnsharedReason reason) {
    if (reason != UnsharedReason.LEADER_FAILED) {
      hitForPass.put(flight, Boolean.TRUE);
    }
    counters.led(flight.key());
    unshared(flight.key(), reason);
  }

  /** Forgets that the request with {@code limits} leads the call for {@code call}. */
  void ended(CallKey call, OwnLimits limits) {
    leaders.remove(call, limits);
  }

  /**
   * Counts a write that completed, whose path is {@code matchPath} (as the groups match it), or
   * {@code null} for one whose path is unknown: from now on, reads do not join calls that
   * started before it ({@link WriteClock}), here or, through a tier across instances, on any of them.
   * Returns the stage of the tier's count of it ({@link LeaderCall#written()}).
   */
  CompletionStage<Void> written(@Nullable String matchPath) {
    return written(matchPath == null ? -1 : rules.groupOf(matchPath));
  }

  /** {@link #written(String)} of a write whose path the groups place in {@code group} (-1: none). */
  CompletionStage<Void> written(int group) {
    return writes.written(group) ? leaderCall.written() : LeaderCall.WRITTEN;
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

  /** Counts, logs once and reports to the listener a request that got or gave no share. */
  void unshared(CollapseKey key, UnsharedReason reason) {
    counters.unshared(key, reason);
    warnings.warnOnce(key.group(), reason);
    ListenerReports.unshared(
        options.listener(), executor.name(), options.groups().get(key.group()), reason);
  }

  /** Reports to the listener that a request stopped waiting at its timeout. */
  void waitTimedOut() {
    ListenerReports.waitTimedOut(options.listener(), executor.name());
  }
}
