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
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here,
 * then the state of each tier behind the executors ({@link #tiers()}). The parts of the answer,
 * and the answers of the endpoint's other operations, are classes nested here.
 */
@JsonPropertyOrder({
  "executors",
  "batchOptions",
  "namedExecutors",
  "coreExecutors",
  "collapsingOff",
  "recentEvents"
})
public final class CollapseDescription implements OperationResponseBody {

  private final List<ExecutorDescription> executors;
  private final @Nullable BatchOptionsDescription batchOptions;
  private final List<NamedExecutorDescription> namedExecutors;
  private final List<CoreExecutorDescription> coreExecutors;
  private final List<SwitchDescription> collapsingOff;
  private final List<RecentEvent> recentEvents;
  private final Map<String, @Nullable Object> tiers;

  CollapseDescription(
      List<ExecutorDescription> executors,
      @Nullable BatchOptionsDescription batchOptions,
      List<NamedExecutorDescription> namedExecutors,
      List<CoreExecutorDescription> coreExecutors,
      List<SwitchDescription> collapsingOff,
      List<RecentEvent> recentEvents,
      Map<String, @Nullable Object> tiers) {
    this.executors = executors;
    this.batchOptions = batchOptions;
    this.namedExecutors = namedExecutors;
    this.coreExecutors = coreExecutors;
    this.collapsingOff = collapsingOff;
    this.recentEvents = recentEvents;
    this.tiers = tiers;
  }

  /** Returns the HTTP collapse executors, in the order they were created. */
  @JsonProperty
  public List<ExecutorDescription> executors() {
    return executors;
  }

  /** Returns the options of the {@code CollapseExecutorOptions} bean, or {@code null}. */
  @JsonProperty
  public @Nullable BatchOptionsDescription batchOptions() {
    return batchOptions;
  }

  /** Returns the executors of {@code collapse.executor.executors}, by name. */
  @JsonProperty
  public List<NamedExecutorDescription> namedExecutors() {
    return namedExecutors;
  }

  /**
   * Returns the core executors the switch knows by name (executor beans, the gRPC interceptors),
   * one per name, in the order they were registered.
   */
  @JsonProperty
  public List<CoreExecutorDescription> coreExecutors() {
    return coreExecutors;
  }

  /** Returns the executors with collapsing switched off at run time. */
  @JsonProperty
  public List<SwitchDescription> collapsingOff() {
    return collapsingOff;
  }

  /** Returns the last events of the executors, newest first. */
  @JsonProperty
  public List<RecentEvent> recentEvents() {
    return recentEvents;
  }

  /**
   * Returns the state of each tier behind the executors that the auto-configuration adds, by its
   * name, which is its property in the JSON: {@code null} where the application has no such tier.
   */
  @JsonAnyGetter
  public Map<String, @Nullable Object> tiers() {
    return tiers;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapseDescription that
        && executors.equals(that.executors)
        && Objects.equals(batchOptions, that.batchOptions)
        && namedExecutors.equals(that.namedExecutors)
        && coreExecutors.equals(that.coreExecutors)
        && collapsingOff.equals(that.collapsingOff)
        && recentEvents.equals(that.recentEvents)
        && tiers.equals(that.tiers);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        executors, batchOptions, namedExecutors, coreExecutors, collapsingOff, recentEvents, tiers);
  }

  @Override
  public String toString() {
    return "CollapseDescription[executors="
        + executors
        + ", batchOptions="
        + batchOptions
        + ", namedExecutors="
        + namedExecutors
        + ", coreExecutors="
        + coreExecutors
        + ", collapsingOff="
        + collapsingOff
        + ", recentEvents="
        + recentEvents
        + ", tiers="
        + tiers
        + "]";
  }

  /**
   * One HTTP collapse executor.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
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
  public static final class ExecutorDescription {

    private final String name;
    private final String integration;
    private final Traffic traffic;
    private final int maxBodyBytes;
    private final List<String> sensitiveHeaders;
    private final List<String> sensitiveHeaderPatterns;
    private final List<String> nonSensitiveHeaders;
    private final long waitTimeoutMillis;
    private final long hitForPassTtlMillis;
    private final long varyTtlMillis;
    private final List<GroupDescription> groups;
    private final Map<String, Object> settings;

    ExecutorDescription(
        String name,
        String integration,
        Traffic traffic,
        int maxBodyBytes,
        List<String> sensitiveHeaders,
        List<String> sensitiveHeaderPatterns,
        List<String> nonSensitiveHeaders,
        long waitTimeoutMillis,
        long hitForPassTtlMillis,
        long varyTtlMillis,
        List<GroupDescription> groups,
        Map<String, Object> settings) {
      this.name = name;
      this.integration = integration;
      this.traffic = traffic;
      this.maxBodyBytes = maxBodyBytes;
      this.sensitiveHeaders = sensitiveHeaders;
      this.sensitiveHeaderPatterns = sensitiveHeaderPatterns;
      this.nonSensitiveHeaders = nonSensitiveHeaders;
      this.waitTimeoutMillis = waitTimeoutMillis;
      this.hitForPassTtlMillis = hitForPassTtlMillis;
      this.varyTtlMillis = varyTtlMillis;
      this.groups = groups;
      this.settings = settings;
    }

    /** Returns the executor's name. */
    @JsonProperty
    public String name() {
      return name;
    }

    /** Returns the section that configures it, as {@code rest-template} or {@code servlet}. */
    @JsonProperty
    public String integration() {
      return integration;
    }

    /** Returns the requests taken, which the JSON shows among this description's properties. */
    @JsonProperty
    @JsonUnwrapped
    public Traffic traffic() {
      return traffic;
    }

    /** Returns the largest body that is shared. */
    @JsonProperty
    public int maxBodyBytes() {
      return maxBodyBytes;
    }

    /** Returns the headers that always join the key. */
    @JsonProperty
    public List<String> sensitiveHeaders() {
      return sensitiveHeaders;
    }

    /** Returns the parts of a lower-case header name that make the header join the key too. */
    @JsonProperty
    public List<String> sensitiveHeaderPatterns() {
      return sensitiveHeaderPatterns;
    }

    /** Returns the headers that do not join the key although a pattern names them. */
    @JsonProperty
    public List<String> nonSensitiveHeaders() {
      return nonSensitiveHeaders;
    }

    /**
     * Returns how long a request waits for another's response before it goes on as if collapse were
     * off.
     */
    @JsonProperty
    public long waitTimeoutMillis() {
      return waitTimeoutMillis;
    }

    /** Returns how long a key whose response could not be shared skips collapse. */
    @JsonProperty
    public long hitForPassTtlMillis() {
      return hitForPassTtlMillis;
    }

    /**
     * Returns how long the request headers a key's response named in {@code Vary} are remembered for
     * the key; 0 when they are not.
     */
    @JsonProperty
    public long varyTtlMillis() {
      return varyTtlMillis;
    }

    /** Returns the collapse groups, in the order they are tried. */
    @JsonProperty
    public List<GroupDescription> groups() {
      return groups;
    }

    /** Returns what else configures it. */
    @JsonProperty
    public Map<String, Object> settings() {
      return settings;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof ExecutorDescription that
          && name.equals(that.name)
          && integration.equals(that.integration)
          && traffic.equals(that.traffic)
          && maxBodyBytes == that.maxBodyBytes
          && sensitiveHeaders.equals(that.sensitiveHeaders)
          && sensitiveHeaderPatterns.equals(that.sensitiveHeaderPatterns)
          && nonSensitiveHeaders.equals(that.nonSensitiveHeaders)
          && waitTimeoutMillis == that.waitTimeoutMillis
          && hitForPassTtlMillis == that.hitForPassTtlMillis
          && varyTtlMillis == that.varyTtlMillis
          && groups.equals(that.groups)
          && settings.equals(that.settings);
    }

    @Override
    public int hashCode() {
      return Objects.hash(
          name,
          integration,
          traffic,
          maxBodyBytes,
          sensitiveHeaders,
          sensitiveHeaderPatterns,
          nonSensitiveHeaders,
          waitTimeoutMillis,
          hitForPassTtlMillis,
          varyTtlMillis,
          groups,
          settings);
    }

    @Override
    public String toString() {
      return "ExecutorDescription[name="
          + name
          + ", integration="
          + integration
          + ", traffic="
          + traffic
          + ", maxBodyBytes="
          + maxBodyBytes
          + ", sensitiveHeaders="
          + sensitiveHeaders
          + ", sensitiveHeaderPatterns="
          + sensitiveHeaderPatterns
          + ", nonSensitiveHeaders="
          + nonSensitiveHeaders
          + ", waitTimeoutMillis="
          + waitTimeoutMillis
          + ", hitForPassTtlMillis="
          + hitForPassTtlMillis
          + ", varyTtlMillis="
          + varyTtlMillis
          + ", groups="
          + groups
          + ", settings="
          + settings
          + "]";
    }
  }

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
   */
  @JsonPropertyOrder({
    "requests",
    "backendCalls",
    "collapseRatio",
    "counts",
    "unshared",
    "observed"
  })
  public static final class Traffic {

    private final long requests;
    private final long backendCalls;
    private final double collapseRatio;
    private final Counts counts;
    private final Map<String, Long> unshared;
    private final @Nullable Observed observed;

    Traffic(
        long requests,
        long backendCalls,
        double collapseRatio,
        Counts counts,
        Map<String, Long> unshared,
        @Nullable Observed observed) {
      this.requests = requests;
      this.backendCalls = backendCalls;
      this.collapseRatio = collapseRatio;
      this.counts = counts;
      this.unshared = unshared;
      this.observed = observed;
    }

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

    /** Returns every request taken. */
    @JsonProperty
    public long requests() {
      return requests;
    }

    /** Returns the calls made for them (for the server filters: chain runs). */
    @JsonProperty
    public long backendCalls() {
      return backendCalls;
    }

    /** Returns the share of them served another's response, 0 to 1. */
    @JsonProperty
    public double collapseRatio() {
      return collapseRatio;
    }

    /** Returns the four counters the totals come from. */
    @JsonProperty
    public Counts counts() {
      return counts;
    }

    /**
     * Returns the requests that got no shared response, by reason tag; reasons that never happened
     * are left out.
     */
    @JsonProperty
    public Map<String, Long> unshared() {
      return unshared;
    }

    /**
     * Returns what collapse would have done with these requests, for an adapter that only
     * observes; {@code null}, and left out of the JSON, for one that collapses.
     */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public @Nullable Observed observed() {
      return observed;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof Traffic that
          && requests == that.requests
          && backendCalls == that.backendCalls
          && Double.compare(collapseRatio, that.collapseRatio) == 0
          && counts.equals(that.counts)
          && unshared.equals(that.unshared)
          && Objects.equals(observed, that.observed);
    }

    @Override
    public int hashCode() {
      return Objects.hash(requests, backendCalls, collapseRatio, counts, unshared, observed);
    }

    @Override
    public String toString() {
      return "Traffic[requests="
          + requests
          + ", backendCalls="
          + backendCalls
          + ", collapseRatio="
          + collapseRatio
          + ", counts="
          + counts
          + ", unshared="
          + unshared
          + (observed == null ? "" : ", observed=" + observed)
          + "]";
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
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
   */
  @JsonPropertyOrder({"passedThrough", "led", "replayed", "fellBack"})
  public static final class Counts {

    private final long passedThrough;
    private final long led;
    private final long replayed;
    private final long fellBack;

    Counts(long passedThrough, long led, long replayed, long fellBack) {
      this.passedThrough = passedThrough;
      this.led = led;
      this.replayed = replayed;
      this.fellBack = fellBack;
    }

    /** Returns the requests that could not collapse. */
    @JsonProperty
    public long passedThrough() {
      return passedThrough;
    }

    /** Returns the requests that made a shared call. */
    @JsonProperty
    public long led() {
      return led;
    }

    /** Returns the requests served another's response. */
    @JsonProperty
    public long replayed() {
      return replayed;
    }

    /** Returns the requests that waited, then made their own call. */
    @JsonProperty
    public long fellBack() {
      return fellBack;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof Counts that
          && passedThrough == that.passedThrough
          && led == that.led
          && replayed == that.replayed
          && fellBack == that.fellBack;
    }

    @Override
    public int hashCode() {
      return Objects.hash(passedThrough, led, replayed, fellBack);
    }

    @Override
    public String toString() {
      return "Counts[passedThrough="
          + passedThrough
          + ", led="
          + led
          + ", replayed="
          + replayed
          + ", fellBack="
          + fellBack
          + "]";
    }
  }

  /**
   * The live counts of a method's executor, or of a named executor's methods added up.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
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
  public static final class RunCounts {

    /** No call yet. */
    static final RunCounts NONE = of(0, 0, 0, 0, 0, 0, Map.of());

    private final long calls;
    private final long runs;
    private final double collapseRatio;
    private final long failedRuns;
    private final long rejected;
    private final long timedOut;
    private final long copied;
    private final Map<String, Long> unshared;
    private final Traffic.@Nullable Observed observed;

    RunCounts(
        long calls,
        long runs,
        double collapseRatio,
        long failedRuns,
        long rejected,
        long timedOut,
        long copied,
        Map<String, Long> unshared,
        Traffic.@Nullable Observed observed) {
      this.calls = calls;
      this.runs = runs;
      this.collapseRatio = collapseRatio;
      this.failedRuns = failedRuns;
      this.rejected = rejected;
      this.timedOut = timedOut;
      this.copied = copied;
      this.unshared = Collections.unmodifiableMap(new TreeMap<>(unshared));
      this.observed = observed;
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

    /** Returns the calls served by a run, shared or alone. */
    @JsonProperty
    public long calls() {
      return calls;
    }

    /** Returns the runs made for them: method calls, or batch method calls. */
    @JsonProperty
    public long runs() {
      return runs;
    }

    /** Returns the share of calls served by another's run, 0 to 1. */
    @JsonProperty
    public double collapseRatio() {
      return collapseRatio;
    }

    /** Returns the runs that failed, each failing every call it served. */
    @JsonProperty
    public long failedRuns() {
      return failedRuns;
    }

    /** Returns the calls refused because too many inputs were pending. */
    @JsonProperty
    public long rejected() {
      return rejected;
    }

    /** Returns the calls whose caller stopped waiting at its timeout. */
    @JsonProperty
    public long timedOut() {
      return timedOut;
    }

    /**
     * Returns the calls that joined another's run and got a copy of its result of their own (an
     * annotated method's, where the result is one a caller could change).
     */
    @JsonProperty
    public long copied() {
      return copied;
    }

    /**
     * Returns the calls that did the work themselves instead of sharing a run, by reason (an
     * annotated method's: {@code mutable-result}, {@code managed-result}, {@code copy-failed},
     * {@code switched-off}, {@code null-argument}), sorted by reason.
     */
    @JsonProperty
    public Map<String, Long> unshared() {
      return unshared;
    }

    /**
     * Returns what collapse would have done with these calls, for the methods of an executor that
     * only observes (each call ran the method, as its own run); {@code null}, and left out of the
     * JSON, for one that collapses. Its top keys are the HTTP adapters' only: empty here.
     */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Traffic.@Nullable Observed observed() {
      return observed;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof RunCounts that
          && calls == that.calls
          && runs == that.runs
          && Double.compare(collapseRatio, that.collapseRatio) == 0
          && failedRuns == that.failedRuns
          && rejected == that.rejected
          && timedOut == that.timedOut
          && copied == that.copied
          && unshared.equals(that.unshared)
          && Objects.equals(observed, that.observed);
    }

    @Override
    public int hashCode() {
      return Objects.hash(
          calls, runs, collapseRatio, failedRuns, rejected, timedOut, copied, unshared, observed);
    }

    @Override
    public String toString() {
      return "RunCounts[calls="
          + calls
          + ", runs="
          + runs
          + ", collapseRatio="
          + collapseRatio
          + ", failedRuns="
          + failedRuns
          + ", rejected="
          + rejected
          + ", timedOut="
          + timedOut
          + ", copied="
          + copied
          + ", unshared="
          + unshared
          + (observed == null ? "" : ", observed=" + observed)
          + "]";
    }
  }

  /**
   * The batch executor options.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
   */
  @JsonPropertyOrder({
    "waitThreshold",
    "collectingWaitTimeMillis",
    "maxBatchSize",
    "maxConcurrentBatches",
    "adaptiveConcurrency",
    "maxPendingInputs"
  })
  public static final class BatchOptionsDescription {

    private final int waitThreshold;
    private final long collectingWaitTimeMillis;
    private final int maxBatchSize;
    private final int maxConcurrentBatches;
    private final boolean adaptiveConcurrency;
    private final int maxPendingInputs;

    BatchOptionsDescription(
        int waitThreshold,
        long collectingWaitTimeMillis,
        int maxBatchSize,
        int maxConcurrentBatches,
        boolean adaptiveConcurrency,
        int maxPendingInputs) {
      this.waitThreshold = waitThreshold;
      this.collectingWaitTimeMillis = collectingWaitTimeMillis;
      this.maxBatchSize = maxBatchSize;
      this.maxConcurrentBatches = maxConcurrentBatches;
      this.adaptiveConcurrency = adaptiveConcurrency;
      this.maxPendingInputs = maxPendingInputs;
    }

    /** Returns the batch size at which a collecting wait is considered. */
    @JsonProperty
    public int waitThreshold() {
      return waitThreshold;
    }

    /** Returns the collecting wait: negative none, 0 yield once. */
    @JsonProperty
    public long collectingWaitTimeMillis() {
      return collectingWaitTimeMillis;
    }

    /** Returns the most inputs per batch; {@value Integer#MAX_VALUE} means no limit. */
    @JsonProperty
    public int maxBatchSize() {
      return maxBatchSize;
    }

    /**
     * Returns the most batches in flight at once: the adaptive limit's ceiling, or the fixed limit.
     */
    @JsonProperty
    public int maxConcurrentBatches() {
      return maxConcurrentBatches;
    }

    /** Returns whether the batches in flight follow the backend's latency. */
    @JsonProperty
    public boolean adaptiveConcurrency() {
      return adaptiveConcurrency;
    }

    /** Returns the inputs that may wait; {@value Integer#MAX_VALUE} means no limit. */
    @JsonProperty
    public int maxPendingInputs() {
      return maxPendingInputs;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof BatchOptionsDescription that
          && waitThreshold == that.waitThreshold
          && collectingWaitTimeMillis == that.collectingWaitTimeMillis
          && maxBatchSize == that.maxBatchSize
          && maxConcurrentBatches == that.maxConcurrentBatches
          && adaptiveConcurrency == that.adaptiveConcurrency
          && maxPendingInputs == that.maxPendingInputs;
    }

    @Override
    public int hashCode() {
      return Objects.hash(
          waitThreshold,
          collectingWaitTimeMillis,
          maxBatchSize,
          maxConcurrentBatches,
          adaptiveConcurrency,
          maxPendingInputs);
    }

    @Override
    public String toString() {
      return "BatchOptionsDescription[waitThreshold="
          + waitThreshold
          + ", collectingWaitTimeMillis="
          + collectingWaitTimeMillis
          + ", maxBatchSize="
          + maxBatchSize
          + ", maxConcurrentBatches="
          + maxConcurrentBatches
          + ", adaptiveConcurrency="
          + adaptiveConcurrency
          + ", maxPendingInputs="
          + maxPendingInputs
          + "]";
    }
  }

  /**
   * One executor of {@code collapse.executor.executors}.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
   */
  @JsonPropertyOrder({"name", "options", "timeoutMillis", "methods", "counts"})
  public static final class NamedExecutorDescription implements OperationResponseBody {

    private final String name;
    private final BatchOptionsDescription options;
    private final @Nullable Long timeoutMillis;
    private final List<MethodDescription> methods;
    private final RunCounts counts;

    NamedExecutorDescription(
        String name,
        BatchOptionsDescription options,
        @Nullable Long timeoutMillis,
        List<MethodDescription> methods,
        RunCounts counts) {
      this.name = name;
      this.options = options;
      this.timeoutMillis = timeoutMillis;
      this.methods = methods;
      this.counts = counts;
    }

    /** Returns its name. */
    @JsonProperty
    public String name() {
      return name;
    }

    /** Returns its batch options, after inheritance. */
    @JsonProperty
    public BatchOptionsDescription options() {
      return options;
    }

    /** Returns how long a caller waits, or {@code null} for no limit. */
    @JsonProperty
    public @Nullable Long timeoutMillis() {
      return timeoutMillis;
    }

    /** Returns the annotated methods that use it. */
    @JsonProperty
    public List<MethodDescription> methods() {
      return methods;
    }

    /** Returns the live counts of its methods, added up. */
    @JsonProperty
    public RunCounts counts() {
      return counts;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof NamedExecutorDescription that
          && name.equals(that.name)
          && options.equals(that.options)
          && Objects.equals(timeoutMillis, that.timeoutMillis)
          && methods.equals(that.methods)
          && counts.equals(that.counts);
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, options, timeoutMillis, methods, counts);
    }

    @Override
    public String toString() {
      return "NamedExecutorDescription[name="
          + name
          + ", options="
          + options
          + ", timeoutMillis="
          + timeoutMillis
          + ", methods="
          + methods
          + ", counts="
          + counts
          + "]";
    }
  }

  /**
   * One method annotated with {@code @Collapsible} or {@code @CollapseBatch}.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
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
  public static final class MethodDescription {

    private final String method;
    private final String name;
    private final String annotation;
    private final String executor;
    private final @Nullable String batchMethod;
    private final RunCounts counts;
    private final @Nullable Double runMillisP50;
    private final @Nullable Double copyMillisP50;

    MethodDescription(
        String method,
        String name,
        String annotation,
        String executor,
        @Nullable String batchMethod,
        RunCounts counts,
        @Nullable Double runMillisP50,
        @Nullable Double copyMillisP50) {
      this.method = method;
      this.name = name;
      this.annotation = annotation;
      this.executor = executor;
      this.batchMethod = batchMethod;
      this.counts = counts;
      this.runMillisP50 = runMillisP50;
      this.copyMillisP50 = copyMillisP50;
    }

    /** Returns the method, as {@code UserService.user(Long)}. */
    @JsonProperty
    public String method() {
      return method;
    }

    /**
     * Returns the name its own executor carries in meters, events and the switch, as {@code
     * UserService.user} (overloads share it, and their counts).
     */
    @JsonProperty
    public String name() {
      return name;
    }

    /** Returns {@code Collapsible} or {@code CollapseBatch}. */
    @JsonProperty
    public String annotation() {
      return annotation;
    }

    /** Returns the name of the named executor it uses. */
    @JsonProperty
    public String executor() {
      return executor;
    }

    /** Returns the batch method, or {@code null} for {@code Collapsible}. */
    @JsonProperty
    public @Nullable String batchMethod() {
      return batchMethod;
    }

    /** Returns its live counts. */
    @JsonProperty
    public RunCounts counts() {
      return counts;
    }

    /**
     * Returns the median time of its recent runs, in milliseconds (of a batch method's calls, for
     * {@code CollapseBatch}), or {@code null} before the first.
     */
    @JsonProperty
    public @Nullable Double runMillisP50() {
      return runMillisP50;
    }

    /**
     * Returns the median time of the recent copies of its results made for the callers that joined
     * a run, in milliseconds, or {@code null} before the first: against {@link #runMillisP50}, what
     * a caller that joined pays instead of a run.
     */
    @JsonProperty
    public @Nullable Double copyMillisP50() {
      return copyMillisP50;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof MethodDescription that
          && method.equals(that.method)
          && name.equals(that.name)
          && annotation.equals(that.annotation)
          && executor.equals(that.executor)
          && Objects.equals(batchMethod, that.batchMethod)
          && counts.equals(that.counts)
          && Objects.equals(runMillisP50, that.runMillisP50)
          && Objects.equals(copyMillisP50, that.copyMillisP50);
    }

    @Override
    public int hashCode() {
      return Objects.hash(
          method, name, annotation, executor, batchMethod, counts, runMillisP50, copyMillisP50);
    }

    @Override
    public String toString() {
      return "MethodDescription[method="
          + method
          + ", name="
          + name
          + ", annotation="
          + annotation
          + ", executor="
          + executor
          + ", batchMethod="
          + batchMethod
          + ", counts="
          + counts
          + ", runMillisP50="
          + runMillisP50
          + ", copyMillisP50="
          + copyMillisP50
          + "]";
    }
  }

  /**
   * A core executor that the {@code collapse} endpoint switches by name: an executor bean of the
   * application's, or a gRPC interceptor, with whether it collapses now and its live counts.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
   */
  @JsonPropertyOrder({"name", "collapsing", "counts"})
  public static final class CoreExecutorDescription {

    private final String name;
    private final boolean collapsing;
    private final RunCounts counts;

    CoreExecutorDescription(String name, boolean collapsing, RunCounts counts) {
      this.name = name;
      this.collapsing = collapsing;
      this.counts = counts;
    }

    /** Returns the executor's name, which the switch, its meters and its events carry. */
    @JsonProperty
    public String name() {
      return name;
    }

    /**
     * Returns whether its calls collapse now; false once the switch turned it off, for every
     * executor of that name.
     */
    @JsonProperty
    public boolean collapsing() {
      return collapsing;
    }

    /**
     * Returns its live counts, as reported to the application's listeners: zero for an executor
     * built without the auto-configuration's listener.
     */
    @JsonProperty
    public RunCounts counts() {
      return counts;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof CoreExecutorDescription that
          && name.equals(that.name)
          && collapsing == that.collapsing
          && counts.equals(that.counts);
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, collapsing, counts);
    }

    @Override
    public String toString() {
      return "CoreExecutorDescription[name="
          + name
          + ", collapsing="
          + collapsing
          + ", counts="
          + counts
          + "]";
    }
  }

  /**
   * Whether an executor collapses, as the {@code collapse} endpoint's write operation answers and its
   * {@code collapsingOff} list shows.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
   */
  @JsonPropertyOrder({"executor", "groups", "collapsing"})
  public static final class SwitchDescription {

    private final String executor;
    private final List<String> groups;
    private final boolean collapsing;

    SwitchDescription(String executor, List<String> groups, boolean collapsing) {
      this.executor = executor;
      this.groups = groups;
      this.collapsing = collapsing;
    }

    /** Returns the named executor's or the HTTP adapter's name. */
    @JsonProperty
    public String executor() {
      return executor;
    }

    /**
     * Returns the names of an HTTP adapter's collapse groups concerned; empty for a named executor.
     */
    @JsonProperty
    public List<String> groups() {
      return groups;
    }

    /** Returns whether their calls collapse now. */
    @JsonProperty
    public boolean collapsing() {
      return collapsing;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof SwitchDescription that
          && executor.equals(that.executor)
          && groups.equals(that.groups)
          && collapsing == that.collapsing;
    }

    @Override
    public int hashCode() {
      return Objects.hash(executor, groups, collapsing);
    }

    @Override
    public String toString() {
      return "SwitchDescription[executor="
          + executor
          + ", groups="
          + groups
          + ", collapsing="
          + collapsing
          + "]";
    }
  }

  /**
   * One thing an executor did, as the {@code collapse} endpoint lists it among the recent events.
   * Fields that do not apply to the type are {@code null}.
   *
   * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
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
  public static final class RecentEvent {

    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final Instant time;
    private final String executor;
    private final String type;
    private final @Nullable Integer size;
    private final @Nullable Double waitMillis;
    private final @Nullable Double executeMillis;
    private final @Nullable String failure;
    private final @Nullable String group;
    private final @Nullable String reason;

    RecentEvent(
        Instant time,
        String executor,
        String type,
        @Nullable Integer size,
        @Nullable Double waitMillis,
        @Nullable Double executeMillis,
        @Nullable String failure,
        @Nullable String group,
        @Nullable String reason) {
      this.time = time;
      this.executor = executor;
      this.type = type;
      this.size = size;
      this.waitMillis = waitMillis;
      this.executeMillis = executeMillis;
      this.failure = failure;
      this.group = group;
      this.reason = reason;
    }

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

    /** Returns when it was recorded. */
    @JsonProperty
    public Instant time() {
      return time;
    }

    /** Returns the executor's name. */
    @JsonProperty
    public String executor() {
      return executor;
    }

    /**
     * Returns {@code batch} (a batch, or a shared call or run), {@code unshared} (an HTTP request
     * that got or gave no shared response), {@code rejected} or {@code timed-out} (a caller that
     * stopped waiting).
     */
    @JsonProperty
    public String type() {
      return type;
    }

    /** Returns how many calls a batch served. */
    @JsonProperty
    public @Nullable Integer size() {
      return size;
    }

    /** Returns the time from a batch's first call to the start of its work. */
    @JsonProperty
    public @Nullable Double waitMillis() {
      return waitMillis;
    }

    /** Returns the time a batch's work took. */
    @JsonProperty
    public @Nullable Double executeMillis() {
      return executeMillis;
    }

    /** Returns the exception's class, for a batch that failed as a whole. */
    @JsonProperty
    public @Nullable String failure() {
      return failure;
    }

    /** Returns the collapse group's name, for {@code unshared}. */
    @JsonProperty
    public @Nullable String group() {
      return group;
    }

    /** Returns the reason's tag, for {@code unshared}, as the {@code unshared} counts show it. */
    @JsonProperty
    public @Nullable String reason() {
      return reason;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof RecentEvent that
          && time.equals(that.time)
          && executor.equals(that.executor)
          && type.equals(that.type)
          && Objects.equals(size, that.size)
          && Objects.equals(waitMillis, that.waitMillis)
          && Objects.equals(executeMillis, that.executeMillis)
          && Objects.equals(failure, that.failure)
          && Objects.equals(group, that.group)
          && Objects.equals(reason, that.reason);
    }

    @Override
    public int hashCode() {
      return Objects.hash(
          time, executor, type, size, waitMillis, executeMillis, failure, group, reason);
    }

    @Override
    public String toString() {
      return "RecentEvent[time="
          + time
          + ", executor="
          + executor
          + ", type="
          + type
          + ", size="
          + size
          + ", waitMillis="
          + waitMillis
          + ", executeMillis="
          + executeMillis
          + ", failure="
          + failure
          + ", group="
          + group
          + ", reason="
          + reason
          + "]";
    }
  }
}
