package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.ShareUncacheable;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.CollapseFleetState.FleetDescription;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * The {@code collapse} actuator endpoint: each HTTP collapse executor with its settings and live
 * counts, each of its collapse groups with its policy and live counts, the batch executor
 * options, and the named executors of {@code collapse.executor.executors} with the annotated
 * methods that use them, what is switched off, and the recent events;
 * {@code /actuator/collapse/{name}} shows one named executor, and a POST to it turns collapsing
 * off or on; with the fleet tier, its state and counts. The counts are read when the endpoint is,
 * one counter at a time, so under load they may be off by the requests that finished meanwhile.
 *
 * <p>Read-only unless the application grants more: the switch is a write operation, which Spring
 * Boot leaves out until {@code management.endpoint.collapse.access} is {@code unrestricted}, so
 * that exposing every endpoint ({@code management.endpoints.web.exposure.include=*}) does not let
 * whoever reaches the actuator turn collapsing off.
 */
@Endpoint(id = "collapse", defaultAccess = Access.READ_ONLY)
public final class CollapseEndpoint {

  private final CollapseExecutors executors;
  private final @Nullable CollapseExecutorOptions options;
  private final @Nullable NamedExecutors named;
  private final Supplier<List<MethodDescription>> methods;
  private final CollapseSwitches switches;
  private final @Nullable RecentCollapseEvents events;
  private final Supplier<@Nullable FleetDescription> fleet;

  /**
   * Creates the endpoint without named executors, switches, recent events or fleet tier: an
   * application's own {@code collapse} endpoint bean, which the auto-configuration backs off for.
   *
   * @param options the batch executor options to show, or {@code null} for none
   */
  public CollapseEndpoint(CollapseExecutors executors, @Nullable CollapseExecutorOptions options) {
    this(executors, options, null, List::of, new CollapseSwitches(executors, null, () -> null),
        null, () -> null);
  }

  /**
   * Creates the endpoint.
   *
   * @param named the named executors to show, or {@code null} for none
   * @param methods the annotated methods, each with the named executor it uses
   * @param switches what the write operation turns off and on
   * @param events the recent events to show, or {@code null} when none are recorded
   * @param fleet the fleet tier's state now, or {@code null} where the application has none
   */
  CollapseEndpoint(CollapseExecutors executors, @Nullable CollapseExecutorOptions options,
      @Nullable NamedExecutors named, Supplier<List<MethodDescription>> methods,
      CollapseSwitches switches, @Nullable RecentCollapseEvents events,
      Supplier<@Nullable FleetDescription> fleet) {
    this.fleet = Objects.requireNonNull(fleet, "fleet");
    this.executors = Objects.requireNonNull(executors, "executors");
    this.options = options;
    this.named = named;
    this.methods = Objects.requireNonNull(methods, "methods");
    this.switches = Objects.requireNonNull(switches, "switches");
    this.events = events;
  }

  /** Returns every executor with its settings and counts. */
  @ReadOperation
  public CollapseDescription collapse() {
    List<ExecutorDescription> described =
        executors.list().stream().map(EndpointDescriptions::describe).toList();
    List<MethodDescription> annotated = methods.get();
    List<NamedExecutorDescription> namedExecutors = named == null ? List.of()
        : named.list().stream().map(executor -> EndpointDescriptions.describe(executor, annotated)).toList();
    return new CollapseDescription(described, options == null ? null : EndpointDescriptions.describe(options),
        namedExecutors, switches.off(), events == null ? List.of() : events.list(),
        fleet.get());
  }

  /**
   * Turns collapsing off or on at run time: for the annotated methods of the named executor
   * {@code name} and the core executors named {@code name} (every executor bean registers
   * itself); for the HTTP adapter {@code name} (every group, or only the one named
   * {@code group}); or for the collapse groups named {@code name} in every HTTP adapter. Returns
   * what was switched, one entry per executor; an unknown name or group is a bad request (400
   * over HTTP).
   *
   * <p>{@code group} carries Spring's own {@code @Nullable} beside JSpecify's: Spring Boot 3's
   * actuator reads only Spring's to tell an optional parameter, and without it refuses a request
   * that names no group (400) instead of switching every group; Spring Boot 4 reads either.
   */
  @WriteOperation
  @SuppressWarnings("deprecation") // Spring's @Nullable is deprecated in Spring Framework 7 only
  public List<SwitchDescription> switchCollapsing(@Selector String name, boolean collapsing,
      @org.springframework.lang.Nullable @Nullable String group) {
    return switches.turn(name, group, collapsing);
  }

  /**
   * Returns the named executor {@code name}, or {@code null} (a 404 over HTTP) when none has that
   * name.
   */
  @ReadOperation
  public @Nullable NamedExecutorDescription executor(@Selector String name) {
    if (named == null || !named.contains(name)) {
      return null;
    }
    return EndpointDescriptions.describe(named.get(name), methods.get());
  }

  /**
   * What the endpoint returns.
   *
   * @param executors the HTTP collapse executors, in the order they were created
   * @param batchOptions the options of the {@code CollapseExecutorOptions} bean, or {@code null}
   * @param namedExecutors the executors of {@code collapse.executor.executors}, by name
   * @param collapsingOff the executors with collapsing switched off at run time
   * @param recentEvents the last events of the executors, newest first
   * @param fleet the fleet tier of this instance, or {@code null} where there is none
   */
  public record CollapseDescription(List<ExecutorDescription> executors,
      @Nullable BatchOptionsDescription batchOptions, List<NamedExecutorDescription> namedExecutors,
      List<SwitchDescription> collapsingOff, List<RecentEvent> recentEvents,
      @Nullable FleetDescription fleet) implements OperationResponseBody {}

  /**
   * One executor of {@code collapse.executor.executors}.
   *
   * @param name its name
   * @param options its batch options, after inheritance
   * @param timeoutMillis how long a caller waits, or {@code null} for no limit
   * @param methods the annotated methods that use it
   * @param counts the live counts of its methods, added up
   */
  public record NamedExecutorDescription(String name, BatchOptionsDescription options,
      @Nullable Long timeoutMillis, List<MethodDescription> methods, RunCounts counts)
      implements OperationResponseBody {}

  /**
   * One method annotated with {@code @Collapsible} or {@code @CollapseBatch}.
   *
   * @param method the method, as {@code UserService.user(Long)}
   * @param name the name its own executor carries in meters, events and the switch, as
   *     {@code UserService.user} (overloads share it, and their counts)
   * @param annotation {@code Collapsible} or {@code CollapseBatch}
   * @param executor the name of the named executor it uses
   * @param batchMethod the batch method, or {@code null} for {@code Collapsible}
   * @param counts its live counts
   */
  public record MethodDescription(String method, String name, String annotation,
      String executor, @Nullable String batchMethod, RunCounts counts) {}

  /**
   * The live counts of a method's executor, or of a named executor's methods added up.
   *
   * @param calls the calls served by a run, shared or alone
   * @param runs the runs made for them: method calls, or batch method calls
   * @param collapseRatio the share of calls served by another's run, 0 to 1
   * @param failedRuns the runs that failed, each failing every call it served
   * @param rejected the calls refused because too many inputs were pending
   * @param timedOut the calls whose caller stopped waiting at its timeout
   */
  public record RunCounts(long calls, long runs, double collapseRatio, long failedRuns,
      long rejected, long timedOut) {

    static RunCounts of(long calls, long runs, long failedRuns, long rejected, long timedOut) {
      return new RunCounts(calls, runs, calls == 0 ? 0.0 : (double) (calls - runs) / calls,
          failedRuns, rejected, timedOut);
    }

    RunCounts plus(RunCounts other) {
      return of(calls + other.calls, runs + other.runs, failedRuns + other.failedRuns,
          rejected + other.rejected, timedOut + other.timedOut);
    }
  }

  /**
   * One HTTP collapse executor.
   *
   * @param name the executor's name
   * @param integration the section that configures it, as {@code rest-template} or {@code servlet}
   * @param requests every request the adapter saw
   * @param backendCalls the calls it made (for the servlet filter: chain runs)
   * @param collapseRatio the share of requests served another's response, 0 to 1
   * @param counts the four counters the totals come from
   * @param unshared the requests that got no shared response, by reason tag; reasons that never
   *     happened are left out
   * @param maxBodyBytes the largest body that is shared
   * @param sensitiveHeaders the headers that always join the key
   * @param sensitiveHeaderPatterns the parts of a lower-case header name that make the header
   *     join the key too
   * @param nonSensitiveHeaders the headers that do not join the key although a pattern names them
   * @param waitTimeoutMillis how long a request waits for another's response before it goes on
   *     as if collapse were off
   * @param hitForPassTtlMillis how long a key whose response could not be shared skips collapse
   * @param varyTtlMillis how long the request headers a key's response named in {@code Vary} are
   *     remembered for the key; 0 when they are not
   * @param groups the collapse groups, in the order they are tried
   * @param settings what else configures it
   */
  public record ExecutorDescription(String name, String integration, long requests,
      long backendCalls, double collapseRatio, Counts counts, Map<String, Long> unshared,
      int maxBodyBytes, List<String> sensitiveHeaders, List<String> sensitiveHeaderPatterns,
      List<String> nonSensitiveHeaders, long waitTimeoutMillis,
      long hitForPassTtlMillis, long varyTtlMillis, List<GroupDescription> groups,
      Map<String, Object> settings) {}

  /**
   * The counters of {@link HttpCollapseStats}.
   *
   * @param passedThrough requests that could not collapse
   * @param led requests that made a shared call
   * @param replayed requests served another's response
   * @param fellBack requests that waited, then made their own call
   */
  public record Counts(long passedThrough, long led, long replayed, long fellBack) {}

  /**
   * One collapse group with the policy it uses and the live counts of the requests it took: the
   * GET and HEAD requests without a body whose path it was the first group to match.
   *
   * @param name the group's name, as the metrics and the log name it
   * @param uris Ant-style path patterns
   * @param uriRegexes regular expressions for the whole path
   * @param collapsePolicyName the policy's name, or {@code null} for the default policy
   * @param collapseRequestHeaders the headers the policy adds to the key
   * @param collapseRequestQueries the query parameters that alone count, or empty for all
   * @param shareUncacheable whether the policy shares uncacheable responses
   * @param acceptHeadersInKey whether {@code Accept} and {@code Accept-Language} join the key
   * @param sharedAcrossAddresses whether the servlet filter shares across client addresses
   * @param requests every request the group took
   * @param backendCalls the calls made for them (for the servlet filter: chain runs)
   * @param collapseRatio the share of them served another's response, 0 to 1
   * @param counts the four counters the totals come from
   * @param unshared the group's requests that got no shared response, by reason tag
   */
  public record GroupDescription(String name, List<String> uris, List<String> uriRegexes,
      @Nullable String collapsePolicyName, List<String> collapseRequestHeaders,
      List<String> collapseRequestQueries, ShareUncacheable shareUncacheable,
      boolean acceptHeadersInKey, boolean sharedAcrossAddresses, long requests,
      long backendCalls, double collapseRatio, Counts counts, Map<String, Long> unshared) {}

  /**
   * The batch executor options.
   *
   * @param waitThreshold the batch size at which a collecting wait is considered
   * @param collectingWaitTimeMillis the collecting wait: negative none, 0 yield once
   * @param maxBatchSize the most inputs per batch; {@value Integer#MAX_VALUE} means no limit
   * @param maxConcurrentBatches the most batches in flight at once: the adaptive limit's ceiling,
   *     or the fixed limit
   * @param adaptiveConcurrency whether the batches in flight follow the backend's latency
   * @param maxPendingInputs the inputs that may wait; {@value Integer#MAX_VALUE} means no limit
   */
  public record BatchOptionsDescription(int waitThreshold, long collectingWaitTimeMillis,
      int maxBatchSize, int maxConcurrentBatches, boolean adaptiveConcurrency,
      int maxPendingInputs) {}

  /**
   * Whether an executor collapses, as the {@code collapse} endpoint's write operation answers and
   * its {@code collapsingOff} list shows.
   *
   * @param executor the named executor's or the HTTP adapter's name
   * @param groups for an HTTP adapter: the names of its collapse groups concerned; empty for a
   *     named executor
   * @param collapsing whether their calls collapse now
   */
  public record SwitchDescription(String executor, List<String> groups, boolean collapsing) {}

  /**
   * One thing an executor did, as the {@code collapse} endpoint lists it among the recent events.
   * Fields that do not apply to the type are {@code null}.
   *
   * @param time when it was recorded
   * @param executor the executor's name
   * @param type {@code batch} (a batch, or a shared call or run), {@code unshared} (an HTTP request
   *     that got or gave no shared response), {@code rejected} or {@code timed-out} (a caller that
   *     stopped waiting)
   * @param size for a batch: how many calls it served
   * @param waitMillis for a batch: time from the first call to the start of the work
   * @param executeMillis for a batch: time the work took
   * @param failure for a batch that failed as a whole: the exception's class
   * @param group for {@code unshared}: the collapse group's name
   * @param reason for {@code unshared}: the reason's tag, as the {@code unshared} counts show it
   */
  public record RecentEvent(Instant time, String executor, String type, @Nullable Integer size,
      @Nullable Double waitMillis, @Nullable Double executeMillis, @Nullable String failure,
      @Nullable String group, @Nullable String reason) {

    private static final double NANOS_PER_MILLI = 1_000_000.0;

    static RecentEvent batch(Instant time, BatchReport report) {
      return new RecentEvent(time, report.executorName(), "batch", report.size(),
          report.collectNanos() / NANOS_PER_MILLI, report.executeNanos() / NANOS_PER_MILLI,
          report.failure() == null ? null : report.failure().getClass().getName(), null, null);
    }

    static RecentEvent unshared(Instant time, String executor, @Nullable String group,
        UnsharedReason reason) {
      return new RecentEvent(time, executor, "unshared", null, null, null, null, group,
          reason.tag());
    }

    static RecentEvent dropped(Instant time, String executor, String type) {
      return new RecentEvent(time, executor, type, null, null, null, null, null, null);
    }
  }
}
