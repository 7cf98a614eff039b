package io.github.collapseexecutor.micrometer;

import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.BATCH_SIZE;
import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.CALLS;
import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.COPY;
import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.EXECUTION;
import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.REJECTIONS;
import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.TIMEOUTS;
import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.UNSHARED;
import static io.github.collapseexecutor.micrometer.MicrometerCollapseListener.WAIT;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The meters of one executor, registered together when it is created: only those of the facts
 * it can report (see {@link CreatedExecutor}), so that no meter stays at zero because of what
 * the executor is. A meter left out stays {@code null}, and its fact is not recorded. The meters
 * of what only an annotated method reports, the calls it did not collapse by reason and the
 * copies of its results, are registered when they first happen.
 */
final class ExecutorMeters {

  private static final String CALLS_DESCRIPTION =
      "Calls that ran the work, and calls that got the result of another's run";
  private static final String EXECUTION_DESCRIPTION = "Time the work of a batch or shared run took";

  private final DistributionSummary batchSize;
  private final @Nullable Counter ran;
  private final @Nullable Counter collapsed;
  private final @Nullable Timer waiting;
  private final @Nullable Timer succeeded;
  private final @Nullable Timer failed;
  private final @Nullable Counter rejections;
  private final @Nullable Counter timeouts;
  private final MeterRegistry registry;
  private final Tags tags;
  private final Map<String, Counter> unshared = new ConcurrentHashMap<>();
  private volatile @Nullable Timer copies;

  ExecutorMeters(MeterRegistry registry, String integration, CreatedExecutor executor) {
    Tags tags = Tags.of("executor", executor.name(), "integration", integration);
    this.registry = registry;
    this.tags = tags;
    this.batchSize =
        DistributionSummary.builder(BATCH_SIZE)
            .baseUnit("calls")
            .description("Calls served per batch or shared run")
            .tags(tags)
            .register(registry);
    this.ran =
        executor.countsCalls()
            ? Counter.builder(CALLS)
                .baseUnit("calls")
                .description(CALLS_DESCRIPTION)
                .tags(tags)
                .tag("outcome", "ran")
                .register(registry)
            : null;
    this.collapsed =
        executor.countsCalls()
            ? Counter.builder(CALLS)
                .baseUnit("calls")
                .description(CALLS_DESCRIPTION)
                .tags(tags)
                .tag("outcome", "collapsed")
                .register(registry)
            : null;
    this.waiting =
        executor.batches()
            ? Timer.builder(WAIT)
                .description("Time from a batch's first call to the start of its work")
                .tags(tags)
                .register(registry)
            : null;
    this.succeeded =
        executor.timesWork()
            ? Timer.builder(EXECUTION)
                .description(EXECUTION_DESCRIPTION)
                .tags(tags)
                .tag("outcome", "success")
                .register(registry)
            : null;
    this.failed =
        executor.timesWork()
            ? Timer.builder(EXECUTION)
                .description(EXECUTION_DESCRIPTION)
                .tags(tags)
                .tag("outcome", "failure")
                .register(registry)
            : null;
    // no base unit on the two below: a registry may append it to a name that does not end with
    // it, and their names are already what they count
    this.rejections =
        executor.rejects()
            ? Counter.builder(REJECTIONS)
                .description("Calls rejected because too many were pending")
                .tags(tags)
                .register(registry)
            : null;
    this.timeouts =
        executor.timesOut()
            ? Counter.builder(TIMEOUTS)
                .description("Callers that stopped waiting at their timeout")
                .tags(tags)
                .register(registry)
            : null;
  }

  void batchCompleted(BatchReport report) {
    batchSize.record(report.size());
    if (ran != null && collapsed != null) {
      ran.increment();
      collapsed.increment(report.size() - 1);
    }
    if (waiting != null) {
      waiting.record(report.collectNanos(), TimeUnit.NANOSECONDS);
    }
    Timer execution = report.succeeded() ? succeeded : failed;
    if (execution != null) {
      execution.record(report.executeNanos(), TimeUnit.NANOSECONDS);
    }
  }

  void callRejected() {
    if (rejections != null) {
      rejections.increment();
    }
  }

  void callTimedOut() {
    if (timeouts != null) {
      timeouts.increment();
    }
  }

  void callNotCollapsed(String reason) {
    unshared
        .computeIfAbsent(
            reason,
            any ->
                Counter.builder(UNSHARED)
                    .description("Calls that did the work themselves instead of sharing a run")
                    .tags(tags)
                    .tag("reason", reason)
                    .register(registry))
        .increment();
  }

  /**
   * Counts a call of an annotated method whose executor only observes, under the names of an
   * observing HTTP adapter's group meters: {@code collapse.observe.would.join},
   * {@code collapse.observe.would.save} and {@code collapse.observe.unshared}; registered when they
   * first happen.
   */
  void callObserved(boolean wouldJoin, @Nullable String reason) {
    if (!wouldJoin) {
      return;
    }
    observed(
            HttpCollapseStatsMeterBinder.OBSERVED_WOULD_JOIN,
            "Calls that would have joined a run in progress",
            Tags.empty())
        .increment();
    if (reason == null) {
      observed(
              HttpCollapseStatsMeterBinder.OBSERVED_WOULD_SAVE,
              "Runs collapse would have saved",
              Tags.empty())
          .increment();
    } else {
      observed(
              HttpCollapseStatsMeterBinder.OBSERVED_UNSHARED,
              "Results collapse would not have shared, by reason",
              Tags.of("reason", reason))
          .increment();
    }
  }

  /** Counts a would-be run of {@code callers} callers in {@code collapse.observe.fan.in}. */
  void runObserved(int callers) {
    List<Integer> bounds = HttpCollapseStats.FAN_IN_BOUNDS;
    int bucket = 0;
    while (bucket < bounds.size() && callers > bounds.get(bucket)) {
      bucket++;
    }
    observed(
            HttpCollapseStatsMeterBinder.OBSERVED_FAN_IN,
            "Would-be shared runs, by their number of callers",
            Tags.of(
                "callers", bucket < bounds.size() ? String.valueOf(bounds.get(bucket)) : "+Inf"))
        .increment();
  }

  private Counter observed(String name, String description, Tags more) {
    // registering again returns the one meter
    return Counter.builder(name)
        .description(description)
        .tags(tags)
        .tags(more)
        .baseUnit("calls")
        .register(registry);
  }

  void resultCopied(long copyNanos) {
    Timer timer = copies;
    if (timer == null) {
      // registering twice returns the one meter
      timer =
          Timer.builder(COPY)
              .description("Time a copy of a run's result for a caller that joined it took")
              .publishPercentiles(0.5)
              .tags(tags)
              .register(registry);
      copies = timer;
    }
    timer.record(copyNanos, TimeUnit.NANOSECONDS);
  }
}
