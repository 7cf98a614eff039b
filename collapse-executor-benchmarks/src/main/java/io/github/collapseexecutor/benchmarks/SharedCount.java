package io.github.collapseexecutor.benchmarks;

import java.util.function.LongSupplier;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A count that every benchmark thread shares, such as the calls a backend served, for a
 * thread-scoped {@code @AuxCounters} state: JMH sums such a counter over the threads, so only
 * thread 0 reports it, as the change since the start of the iteration, and the others report 0.
 */
final class SharedCount {

  private static final SharedCount ELSEWHERE = new SharedCount(null, 0);

  private final LongSupplier count;
  private final long atStart;

  private SharedCount(LongSupplier count, long atStart) {
    this.count = count;
    this.atStart = atStart;
  }

  /** Starts counting {@code count} for an iteration, on thread 0; nothing on the others. */
  static SharedCount start(ThreadParams thread, LongSupplier count) {
    return thread.getThreadIndex() == 0 ? new SharedCount(count, count.getAsLong()) : ELSEWHERE;
  }

  /** Returns how much the count grew since the iteration started, on thread 0; 0 elsewhere. */
  long sinceStart() {
    return count == null ? 0 : count.getAsLong() - atStart;
  }
}
