package io.github.collapseexecutor.core.internal;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseListener;

/** Calls a {@link CollapseListener} so that a failing listener never reaches a caller. */
public final class Reports {

  private static final System.Logger LOG = System.getLogger(Reports.class.getName());

  private Reports() {}

  public static void batch(CollapseListener listener, BatchReport report) {
    if (listener == CollapseListener.NONE) {
      return;
    }
    try {
      listener.batchCompleted(report);
    } catch (RuntimeException e) {
      warn(report.executorName(), e);
    }
  }

  public static void rejected(CollapseListener listener, String executorName) {
    try {
      listener.callRejected(executorName);
    } catch (RuntimeException e) {
      warn(executorName, e);
    }
  }

  public static void timedOut(CollapseListener listener, String executorName) {
    try {
      listener.callTimedOut(executorName);
    } catch (RuntimeException e) {
      warn(executorName, e);
    }
  }

  private static void warn(String executorName, RuntimeException e) {
    LOG.log(System.Logger.Level.WARNING, executorName + ": collapse listener failed", e);
  }
}
