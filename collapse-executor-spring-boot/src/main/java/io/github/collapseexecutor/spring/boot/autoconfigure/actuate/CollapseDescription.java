package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;

/**
 * What the {@code collapse} endpoint returns.
 *
 * <p>Made by the endpoint; its JSON properties are its components, in the order declared here,
 * then the state of each tier behind the executors ({@link #tiers()}). The parts of the answer,
 * and the answers of the endpoint's other operations, are records and classes nested here.
 *
 * @param executors the HTTP collapse executors, in the order they were created
 * @param batchOptions the options of the {@code CollapseExecutorOptions} bean, or {@code null}
 * @param namedExecutors the executors of {@code collapse.executor.executors}, by name
 * @param coreExecutors the core executors the switch knows by name (executor beans, the gRPC
 *     interceptors), one per name, in the order they were registered
 * @param collapsingOff the executors with collapsing switched off at run time
 * @param recentEvents the last events of the executors, newest first
 * @param tiers the state of each tier behind the executors that the auto-configuration adds, by
 *     its name, which is its property in the JSON: {@code null} where the application has no such
 *     tier
 */
@JsonPropertyOrder({
  "executors",
  "batchOptions",
  "namedExecutors",
  "coreExecutors",
  "collapsingOff",
  "recentEvents"
})
public record CollapseDescription(
    List<ExecutorDescription> executors,
    @Nullable BatchOptionsDescription batchOptions,
    List<NamedExecutorDescription> namedExecutors,
    List<CoreExecutorDescription> coreExecutors,
    List<SwitchDescription> collapsingOff,
    List<RecentEvent> recentEvents,
    @JsonAnyGetter Map<String, @Nullable Object> tiers)
    implements OperationResponseBody {

  /**
   * One HTTP collapse executor.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param name the executor's name
   * @param integration the section that configures it, as {@code rest-template} or {@code servlet}
   * @param traffic the requests taken, which the JSON shows among this description's properties
   * @param maxBodyBytes the largest body that is shared
   * @param sensitiveHeaders the headers that always join the key
   * @param sensitiveHeaderPatterns the parts of a lower-case header name that make the header join
   *     the key too
   * @param nonSensitiveHeaders the headers that do not join the key although a pattern names them
   * @param waitTimeoutMillis how long a request waits for another's response before it goes on as
   *     if collapse were off
   * @param hitForPassTtlMillis how long a key whose response could not be shared skips collapse
   * @param varyTtlMillis how long the request headers a key's response named in {@code Vary} are
   *     remembered for the key; 0 when they are not
   * @param groups the collapse groups, in the order they are tried
   * @param settings what else configures it
   */
  @JsonPropertyOrder({
    "name",
    "integration",
    "traffic",
    "maxBodyBytes",
    "sensitiveHeaders",
    "sensitiveHeaderPatterns",
    "nonSensitiveHeaders",
    "waitTimeoutMillis",
    "hitForPassTtlMillis",
    "varyTtlMillis",
    "groups",
    "settings"
  })
  public record ExecutorDescription(
      String name,
      String integration,
      @JsonUnwrapped Traffic traffic,
      int maxBodyBytes,
      List<String> sensitiveHeaders,
      List<String> sensitiveHeaderPatterns,
      List<String> nonSensitiveHeaders,
      long waitTimeoutMillis,
      long hitForPassTtlMillis,
      long varyTtlMillis,
      List<GroupDescription> groups,
      Map<String, Object> settings) {}

  /**
   * One collapse group with the policy it uses and the live counts of the requests it took: the GET
   * and HEAD requests without a body whose path it was the first group to match.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
   */
  @JsonPropertyOrder({
    "name",
    "uris",
    "uriRegexes",
    "collapsePolicyName",
    "collapseRequestHeaders",
    "collapseRequestQueries",
    "shareUncacheable",
    "acceptHeadersInKey",
    "sharedAcrossAddresses",
    "traffic"
  })
  // a class, not a record: its properties are read from the group and the policy, which the JSON
  // does not show as such
  public static final class GroupDescription {

    private final CollapseGroup group;
    private final CollapsePolicy policy;
    private final Traffic traffic;

    /** Describes {@code group}, which keys by {@code policy}, and the requests it took. */
    GroupDescription(CollapseGroup group, CollapsePolicy policy, Traffic traffic) {
      this.group = group;
      this.policy = policy;
      this.traffic = traffic;
    }

    /** Returns the group's name, as the metrics and the log name it. */
    @JsonProperty
    public String name() {
      return group.name();
    }

    /** Returns the Ant-style path patterns. */
    @JsonProperty
    public List<String> uris() {
      return group.uris();
    }

    /** Returns the regular expressions for the whole path. */
    @JsonProperty
    public List<String> uriRegexes() {
      return group.uriRegexes();
    }

    /** Returns the policy's name, or {@code null} for the default policy. */
    @JsonProperty
    public @Nullable String collapsePolicyName() {
      return group.collapsePolicyName();
    }

    /** Returns the headers the policy adds to the key. */
    @JsonProperty
    public List<String> collapseRequestHeaders() {
      return policy.collapseRequestHeaders();
    }

    /** Returns the query parameters that alone count, or empty for all. */
    @JsonProperty
    public List<String> collapseRequestQueries() {
      return policy.collapseRequestQueries();
    }

    /** Returns whether the policy shares uncacheable responses. */
    @JsonProperty
    public ShareUncacheable shareUncacheable() {
      return policy.shareUncacheable();
    }

    /** Returns whether {@code Accept} and {@code Accept-Language} join the key. */
    @JsonProperty
    public boolean acceptHeadersInKey() {
      return policy.acceptHeadersInKey();
    }

    /** Returns whether the servlet filter shares across client addresses. */
    @JsonProperty
    public boolean sharedAcrossAddresses() {
      return policy.sharedAcrossAddresses();
    }

    /** Returns the requests taken, which the JSON shows among this description's properties. */
    @JsonProperty
    @JsonUnwrapped
    public Traffic traffic() {
      return traffic;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof GroupDescription that
          && group.equals(that.group)
          && policy.equals(that.policy)
          && traffic.equals(that.traffic);
    }

    @Override
    public int hashCode() {
      return Objects.hash(group, policy, traffic);
    }

    @Override
    public String toString() {
      return "GroupDescription[group="
          + group
          + ", policy="
          + policy
          + ", traffic="
          + traffic
          + "]";
    }
  }

  /**
   * The requests an executor or one of its groups took: the totals and the counters they come from,
   * each counter read once.
   *
   * <p>Made by the endpoint; its JSON properties stand among those of the description that holds it,
   * in the order declared here.
   *
   * @param requests every request taken
   * @param backendCalls the calls made for them (for the server filters: chain runs)
   * @param collapseRatio the share of them served another's response, 0 to 1
   * @param counts the four counters the totals come from
   * @param unshared the requests that got no shared response, by reason tag; reasons that never
   *     happened are left out
   * @param observed what collapse would have done with these requests, for an adapter that only
   *     observes; {@code null}, and left out of the JSON, for one that collapses
   */
  @JsonPropertyOrder({
    "requests",
    "backendCalls",
    "collapseRatio",
    "counts",
    "unshared",
    "observed"
  })
  public record Traffic(
      long requests,
      long backendCalls,
      double collapseRatio,
      Counts counts,
      Map<String, Long> unshared,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Observed observed) {

    /**
     * Reads {@code stats}; with what collapse would have done when {@code observing}, else
     * without.
     */
    static Traffic of(HttpCollapseStats stats, boolean observing) {
      long passedThrough = stats.passedThrough();
      long led = stats.led();
      long replayed = stats.replayed();
      long fellBack = stats.fellBack();
      long requests = passedThrough + led + replayed + fellBack;
      Map<String, Long> unshared = new TreeMap<>();
      for (UnsharedReason reason : UnsharedReason.values()) {
        long count = stats.unshared(reason);
        if (count > 0) {
          unshared.put(reason.tag(), count);
        }
      }
      return new Traffic(
          requests,
          passedThrough + led + fellBack,
          requests == 0 ? 0.0 : (double) replayed / requests,
          new Counts(passedThrough, led, replayed, fellBack),
          unshared,
          observing ? Observed.of(stats, requests) : null);
    }

    /**
     * What collapse would have done with the requests of an adapter that only observes; the
     * reasons it would not have shared a response are the {@link #unshared()} ones.
     *
     * @param wouldJoin the requests that would have joined a call in progress
     * @param wouldSave the calls collapse would have saved: joins whose response could be shared
     * @param wouldSaveRatio {@code wouldSave} over every request, 0 to 1
     * @param fanIn the would-be shared calls by their number of callers ({@code 1}, {@code 2},
     *     {@code 3-4}, ..., the last one open-ended)
     * @param topKeys the keys that would have been joined most, as the group's name and a short
     *     hash, with their joins, most first
     */
    @JsonPropertyOrder({"wouldJoin", "wouldSave", "wouldSaveRatio", "fanIn", "topKeys"})
    public record Observed(
        long wouldJoin,
        long wouldSave,
        double wouldSaveRatio,
        Map<String, Long> fanIn,
        Map<String, Long> topKeys) {

      static Observed of(HttpCollapseStats stats, long requests) {
        return of(stats.wouldJoin(), stats.wouldSave(), requests, stats.fanIn(), stats.topKeys());
      }

      /**
       * The figures of {@code calls} calls, {@code counts} the would-be runs per bucket of
       * {@link HttpCollapseStats#FAN_IN_BOUNDS}, and the last for more.
       */
      static Observed of(
          long wouldJoin,
          long wouldSave,
          long calls,
          List<Long> counts,
          Map<String, Long> topKeys) {
        Map<String, Long> fanIn = new LinkedHashMap<>();
        List<Integer> bounds = HttpCollapseStats.FAN_IN_BOUNDS;
        for (int bucket = 0; bucket < counts.size(); bucket++) {
          int low = bucket == 0 ? 1 : bounds.get(bucket - 1) + 1;
          String callers =
              bucket == bounds.size()
                  ? low + "+"
                  : low == bounds.get(bucket)
                      ? String.valueOf(low)
                      : low + "-" + bounds.get(bucket);
          fanIn.put(callers, counts.get(bucket));
        }
        return new Observed(
            wouldJoin, wouldSave, calls == 0 ? 0.0 : (double) wouldSave / calls, fanIn, topKeys);
      }

      /** Returns the figures of {@code calls} calls, these and {@code other}'s. */
      Observed plus(@Nullable Observed other, long calls) {
        if (other == null) {
          return of(wouldJoin, wouldSave, calls, List.copyOf(fanIn.values()), topKeys);
        }
        List<Long> counts = new ArrayList<>(fanIn.values());
        List<Long> others = List.copyOf(other.fanIn.values());
        for (int bucket = 0; bucket < counts.size() && bucket < others.size(); bucket++) {
          counts.set(bucket, counts.get(bucket) + others.get(bucket));
        }
        Map<String, Long> keys = new LinkedHashMap<>(topKeys);
        other.topKeys.forEach((key, joins) -> keys.merge(key, joins, Long::sum));
        return of(wouldJoin + other.wouldJoin, wouldSave + other.wouldSave, calls, counts, keys);
      }
    }
  }

  /**
   * The counters of {@link HttpCollapseStats}.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param passedThrough the requests that could not collapse
   * @param led the requests that made a shared call
   * @param replayed the requests served another's response
   * @param fellBack the requests that waited, then made their own call
   */
  @JsonPropertyOrder({"passedThrough", "led", "replayed", "fellBack"})
  public record Counts(long passedThrough, long led, long replayed, long fellBack) {}

  /**
   * The live counts of a method's executor, or of a named executor's methods added up.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param calls the calls served by a run, shared or alone
   * @param runs the runs made for them: method calls, or batch method calls
   * @param collapseRatio the share of calls served by another's run, 0 to 1
   * @param failedRuns the runs that failed, each failing every call it served
   * @param rejected the calls refused because too many inputs were pending
   * @param timedOut the calls whose caller stopped waiting at its timeout
   * @param copied the calls that joined another's run and got a copy of its result of their own
   *     (an annotated method's, where the result is one a caller could change)
   * @param unshared the calls that did the work themselves instead of sharing a run, by reason (an
   *     annotated method's: {@code mutable-result}, {@code managed-result}, {@code copy-failed},
   *     {@code switched-off}, {@code null-argument}), sorted by reason
   * @param observed what collapse would have done with these calls, for the methods of an executor
   *     that only observes (each call ran the method, as its own run); {@code null}, and left out
   *     of the JSON, for one that collapses. Its top keys are the HTTP adapters' only: empty here.
   */
  @JsonPropertyOrder({
    "calls",
    "runs",
    "collapseRatio",
    "failedRuns",
    "rejected",
    "timedOut",
    "copied",
    "unshared",
    "observed"
  })
  public record RunCounts(
      long calls,
      long runs,
      double collapseRatio,
      long failedRuns,
      long rejected,
      long timedOut,
      long copied,
      Map<String, Long> unshared,
      @JsonInclude(JsonInclude.Include.NON_NULL) Traffic.@Nullable Observed observed) {

    /** No call yet. */
    static final RunCounts NONE = of(0, 0, 0, 0, 0, 0, Map.of());

    /** Copies {@code unshared}, sorted by reason. */
    public RunCounts {
      unshared = Collections.unmodifiableMap(new TreeMap<>(unshared));
    }

    static RunCounts of(
        long calls,
        long runs,
        long failedRuns,
        long rejected,
        long timedOut,
        long copied,
        Map<String, Long> unshared) {
      return of(calls, runs, failedRuns, rejected, timedOut, copied, unshared, null);
    }

    static RunCounts of(
        long calls,
        long runs,
        long failedRuns,
        long rejected,
        long timedOut,
        long copied,
        Map<String, Long> unshared,
        Traffic.@Nullable Observed observed) {
      return new RunCounts(
          calls,
          runs,
          calls == 0 ? 0.0 : (double) (calls - runs) / calls,
          failedRuns,
          rejected,
          timedOut,
          copied,
          unshared,
          observed);
    }

    RunCounts plus(RunCounts other) {
      Map<String, Long> byReason = new TreeMap<>(unshared);
      other.unshared.forEach((reason, count) -> byReason.merge(reason, count, Long::sum));
      long all = calls + other.calls;
      return of(
          all,
          runs + other.runs,
          failedRuns + other.failedRuns,
          rejected + other.rejected,
          timedOut + other.timedOut,
          copied + other.copied,
          byReason,
          observed != null
              ? observed.plus(other.observed, all)
              : other.observed == null ? null : other.observed.plus(null, all));
    }
  }

  /**
   * The batch executor options.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param waitThreshold the batch size at which a collecting wait is considered
   * @param collectingWaitTimeMillis the collecting wait: negative none, 0 yield once
   * @param maxBatchSize the most inputs per batch; {@value Integer#MAX_VALUE} means no limit
   * @param maxConcurrentBatches the most batches in flight at once: the adaptive limit's ceiling,
   *     or the fixed limit
   * @param adaptiveConcurrency whether the batches in flight follow the backend's latency
   * @param maxPendingInputs the inputs that may wait; {@value Integer#MAX_VALUE} means no limit
   */
  @JsonPropertyOrder({
    "waitThreshold",
    "collectingWaitTimeMillis",
    "maxBatchSize",
    "maxConcurrentBatches",
    "adaptiveConcurrency",
    "maxPendingInputs"
  })
  public record BatchOptionsDescription(
      int waitThreshold,
      long collectingWaitTimeMillis,
      int maxBatchSize,
      int maxConcurrentBatches,
      boolean adaptiveConcurrency,
      int maxPendingInputs) {}

  /**
   * One executor of {@code collapse.executor.executors}.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param name its name
   * @param options its batch options, after inheritance
   * @param timeoutMillis how long a caller waits, or {@code null} for no limit
   * @param methods the annotated methods that use it
   * @param counts the live counts of its methods, added up
   */
  @JsonPropertyOrder({"name", "options", "timeoutMillis", "methods", "counts"})
  public record NamedExecutorDescription(
      String name,
      BatchOptionsDescription options,
      @Nullable Long timeoutMillis,
      List<MethodDescription> methods,
      RunCounts counts)
      implements OperationResponseBody {}

  /**
   * One method annotated with {@code @Collapsible} or {@code @CollapseBatch}.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param method the method, as {@code UserService.user(Long)}
   * @param name the name its own executor carries in meters, events and the switch, as {@code
   *     UserService.user} (overloads share it, and their counts)
   * @param annotation {@code Collapsible} or {@code CollapseBatch}
   * @param executor the name of the named executor it uses
   * @param batchMethod the batch method, or {@code null} for {@code Collapsible}
   * @param counts its live counts
   * @param runMillisP50 the median time of its recent runs, in milliseconds (of a batch method's
   *     calls, for {@code CollapseBatch}), or {@code null} before the first
   * @param copyMillisP50 the median time of the recent copies of its results made for the callers
   *     that joined a run, in milliseconds, or {@code null} before the first: against {@code
   *     runMillisP50}, what a caller that joined pays instead of a run
   */
  @JsonPropertyOrder({
    "method",
    "name",
    "annotation",
    "executor",
    "batchMethod",
    "counts",
    "runMillisP50",
    "copyMillisP50"
  })
  public record MethodDescription(
      String method,
      String name,
      String annotation,
      String executor,
      @Nullable String batchMethod,
      RunCounts counts,
      @Nullable Double runMillisP50,
      @Nullable Double copyMillisP50) {}

  /**
   * A core executor that the {@code collapse} endpoint switches by name: an executor bean of the
   * application's, or a gRPC interceptor, with whether it collapses now and its live counts.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param name the executor's name, which the switch, its meters and its events carry
   * @param collapsing whether its calls collapse now; false once the switch turned it off, for
   *     every executor of that name
   * @param counts its live counts, as reported to the application's listeners: zero for an
   *     executor built without the auto-configuration's listener
   */
  @JsonPropertyOrder({"name", "collapsing", "counts"})
  public record CoreExecutorDescription(String name, boolean collapsing, RunCounts counts) {}

  /**
   * Whether an executor collapses, as the {@code collapse} endpoint's write operation answers and its
   * {@link CollapseDescription#collapsingOff() list of executors switched off} shows.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param executor the named executor's or the HTTP adapter's name
   * @param groups the names of an HTTP adapter's collapse groups concerned; empty for a named
   *     executor
   * @param collapsing whether their calls collapse now
   */
  @JsonPropertyOrder({"executor", "groups", "collapsing"})
  public record SwitchDescription(String executor, List<String> groups, boolean collapsing) {}

  /**
   * One thing an executor did, as the {@code collapse} endpoint lists it among the recent events.
   * Fields that do not apply to the type are {@code null}.
   *
   * <p>Made by the endpoint; its JSON properties are its components, in the order declared here.
   *
   * @param time when it was recorded
   * @param executor the executor's name
   * @param type {@code batch} (a batch, or a shared call or run), {@code unshared} (an HTTP request
   *     that got or gave no shared response), {@code rejected} or {@code timed-out} (a caller that
   *     stopped waiting)
   * @param size how many calls a batch served
   * @param waitMillis the time from a batch's first call to the start of its work
   * @param executeMillis the time a batch's work took
   * @param failure the exception's class, for a batch that failed as a whole
   * @param group the collapse group's name, for {@code unshared}
   * @param reason the reason's tag, for {@code unshared}, as the {@code unshared} counts show it
   */
  @JsonPropertyOrder({
    "time",
    "executor",
    "type",
    "size",
    "waitMillis",
    "executeMillis",
    "failure",
    "group",
    "reason"
  })
  public record RecentEvent(
      Instant time,
      String executor,
      String type,
      @Nullable Integer size,
      @Nullable Double waitMillis,
      @Nullable Double executeMillis,
      @Nullable String failure,
      @Nullable String group,
      @Nullable String reason) {

    private static final double NANOS_PER_MILLI = 1_000_000.0;

    static RecentEvent batch(Instant time, BatchReport report) {
      return new RecentEvent(
          time,
          report.executorName(),
          "batch",
          report.size(),
          report.collectNanos() / NANOS_PER_MILLI,
          report.executeNanos() / NANOS_PER_MILLI,
          report.failure() == null ? null : report.failure().getClass().getName(),
          null,
          null);
    }

    static RecentEvent unshared(
        Instant time, String executor, @Nullable String group, UnsharedReason reason) {
      return new RecentEvent(
          time, executor, "unshared", null, null, null, null, group, reason.tag());
    }

    static RecentEvent dropped(Instant time, String executor, String type) {
      return new RecentEvent(time, executor, type, null, null, null, null, null, null);
    }
  }
}
