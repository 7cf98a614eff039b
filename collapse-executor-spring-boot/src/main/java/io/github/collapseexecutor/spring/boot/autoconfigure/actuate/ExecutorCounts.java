package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseListener;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The live counts of every executor it listens to, by executor name, for the {@code collapse}
 * endpoint: the calls served, the runs made for them, the failed runs, the rejected and timed-out
 * calls. An annotated method's executor carries its method's name ({@code UserService.user}), so
 * these are the counts per method. Counting is a few {@link LongAdder} increments; reading sums
 * them one at a time. Thread-safe.
 */
final class ExecutorCounts implements CollapseListener {

  private final Map<String, Counters> byExecutor = new ConcurrentHashMap<>();

  @Override
  public void batchCompleted(BatchReport report) {
    Counters counters = of(report.executorName());
    counters.calls.add(report.size());
    counters.runs.increment();
    if (!report.succeeded()) {
      counters.failedRuns.increment();
    }
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
    return counters == null ? RunCounts.of(0, 0, 0, 0, 0) : counters.read();
  }

  /** Returns the counts of every executor in {@code names}, added up. */
  RunCounts sum(Collection<String> names) {
    return names.stream()
        .distinct()
        .map(this::counts)
        .reduce(RunCounts.of(0, 0, 0, 0, 0), RunCounts::plus);
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

    RunCounts read() {
      return RunCounts.of(
          calls.sum(), runs.sum(), failedRuns.sum(), rejected.sum(), timedOut.sum());
    }
  }
}
