package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.HttpCollapseStats.TopKeys;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RunCounts;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.Traffic.Observed;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * The live counts of every executor it listens to, by executor name, for the {@code collapse}
 * endpoint: the calls served, the runs made for them, the failed runs, the rejected and timed-out
 * calls, the copies of a run's result the callers that joined it got, and the calls that did the
 * work themselves, by reason; with the median of the recent runs and copies ({@link Samples}).
 * An annotated method's executor carries its method's name ({@code UserService.user}), so these
 * are the counts per method. Counting is a few {@link LongAdder} increments; reading sums them
 * one at a time. Thread-safe.
 */
final class ExecutorCounts implements CollapseListener {

  private final Map<String, Counters> byExecutor = new ConcurrentHashMap<>();

  @Override
  public void batchCompleted(BatchReport report) {
    Counters counters = of(report.executorName());
    counters.calls.add(report.size());
    counters.runs.increment();
    counters.runNanos.record(report.executeNanos());
    if (!report.succeeded()) {
      counters.failedRuns.increment();
    }
  }

  @Override
  public void callNotCollapsed(String executorName, String reason) {
    of(executorName).unshared.computeIfAbsent(reason, any -> new LongAdder()).increment();
  }

  @Override
  public void callObserved(String executorName, boolean wouldJoin, @Nullable String unshared) {
    Counters counters = of(executorName);
    // the call ran the method itself: a run of its own
    counters.calls.increment();
    counters.runs.increment();
    counters.observed.increment();
    if (wouldJoin) {
      counters.wouldJoin.increment();
      if (unshared == null) {
        counters.wouldSave.increment();
      } else {
        callNotCollapsed(executorName, unshared);
      }
    }
  }

  @Override
  public void runObserved(String executorName, String key, int callers) {
    List<Integer> bounds = HttpCollapseStats.FAN_IN_BOUNDS;
    int bucket = 0;
    while (bucket < bounds.size() && callers > bounds.get(bucket)) {
      bucket++;
    }
    Counters counters = of(executorName);
    counters.fanIn[bucket].increment();
    if (callers > 1) {
      // the callers after the first would have joined: a key's count is its would-be joins
      counters.topKeys.add(key, callers - 1);
    }
  }

  @Override
  public void resultCopied(String executorName, long copyNanos) {
    Counters counters = of(executorName);
    counters.copied.increment();
    counters.copyNanos.record(copyNanos);
  }

  @Override
  public void callRejected(String executorName) {
    of(executorName).rejected.increment();
  }

  @Override
  public void callTimedOut(String executorName) {
    of(executorName).timedOut.increment();
  }

  /** Returns the counts of the executor {@code name}, zero if it never reported. */
  RunCounts counts(String name) {
    Counters counters = byExecutor.get(name);
    return counters == null ? RunCounts.NONE : counters.read();
  }

  /** Returns the median of the recent runs of the executor {@code name}, or {@code null}. */
  @Nullable Double runMillisP50(String name) {
    Counters counters = byExecutor.get(name);
    return counters == null ? null : counters.runNanos.medianMillis();
  }

  /**
   * Returns the median of the recent copies of a result of the executor {@code name} made for a
   * caller that joined its run, or {@code null}.
   */
  @Nullable Double copyMillisP50(String name) {
    Counters counters = byExecutor.get(name);
    return counters == null ? null : counters.copyNanos.medianMillis();
  }

  /** Returns the counts of every executor in {@code names}, added up. */
  RunCounts sum(Collection<String> names) {
    return names.stream().distinct().map(this::counts).reduce(RunCounts.NONE, RunCounts::plus);
  }

  private Counters of(String name) {
    return byExecutor.computeIfAbsent(name, any -> new Counters());
  }

  private static final class Counters {
    final LongAdder calls = new LongAdder();
    final LongAdder runs = new LongAdder();
    final LongAdder failedRuns = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder timedOut = new LongAdder();
    final LongAdder copied = new LongAdder();
    final Map<String, LongAdder> unshared = new ConcurrentHashMap<>();
    final Samples runNanos = new Samples();
    final Samples copyNanos = new Samples();
    final LongAdder observed = new LongAdder();
    final LongAdder wouldJoin = new LongAdder();
    final LongAdder wouldSave = new LongAdder();
    final LongAdder[] fanIn = new LongAdder[HttpCollapseStats.FAN_IN_BOUNDS.size() + 1];
    final TopKeys topKeys = new TopKeys();

    Counters() {
      Arrays.setAll(fanIn, bucket -> new LongAdder());
    }

    RunCounts read() {
      Map<String, Long> byReason = new TreeMap<>();
      unshared.forEach((reason, count) -> byReason.put(reason, count.sum()));
      long all = calls.sum();
      return RunCounts.of(
          all,
          runs.sum(),
          failedRuns.sum(),
          rejected.sum(),
          timedOut.sum(),
          copied.sum(),
          byReason,
          observed.sum() == 0
              ? null
              : Observed.of(
                  wouldJoin.sum(),
                  wouldSave.sum(),
                  all,
                  Arrays.stream(fanIn).map(LongAdder::sum).toList(),
                  topKeys.top()));
    }
  }
}
