package io.github.collapseexecutor.micrometer.internal;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import org.jspecify.annotations.Nullable;

/**
 * The size of the last shared call reported on each thread. The executor reports a shared call on
 * the thread that completes it, before that completion returns, so the caller that led reads how
 * many callers shared its call right after it ended the call; nothing else counts
 * the callers that joined.
 */
public final class ReportedSizes {

  private final ThreadLocal<int[]> last = ThreadLocal.withInitial(() -> new int[1]);

  /** Creates an empty record of sizes, one per thread. */
  public ReportedSizes() {}

  /**
   * Returns a listener that keeps the size of each report here, then passes it to {@code next}.
   * It passes on reports, not runs: an annotated method's runs are observed by the method
   * observer, which a run observation of {@code next} would only repeat.
   */
  public CollapseListener around(CollapseListener next) {
    return new CollapseListener() {
      @Override
      public void batchCompleted(BatchReport report) {
        last.get()[0] = report.size();
        next.batchCompleted(report);
      }

      @Override
      public void callRejected(String executorName) {
        next.callRejected(executorName);
      }

      @Override
      public void callTimedOut(String executorName) {
        next.callTimedOut(executorName);
      }

      @Override
      public void callNotCollapsed(String executorName, String reason) {
        next.callNotCollapsed(executorName, reason);
      }

      @Override
      public void resultCopied(String executorName, long copyNanos) {
        next.resultCopied(executorName, copyNanos);
      }

      @Override
      public void callObserved(String executorName, boolean wouldJoin, @Nullable String unshared) {
        next.callObserved(executorName, wouldJoin, unshared);
      }

      @Override
      public void runObserved(String executorName, String key, int callers) {
        next.runObserved(executorName, key, callers);
      }
    };
  }

  /** Forgets the size of this thread's last report. */
  public void reset() {
    last.get()[0] = 0;
  }

  /** Returns the size of this thread's last report since {@link #reset}, 0 if none. */
  public int last() {
    return last.get()[0];
  }
}
