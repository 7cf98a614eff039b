package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;

/**
 * Calls a {@link CollapseListener} so that a failing listener never reaches a caller: whatever it
 * throws, errors and checked exceptions thrown sneakily included, is logged and the executor goes
 * on. A {@link VirtualMachineError} is logged and thrown on, because going on after one is not
 * safe; every call site reports only once its slots are free and its callers settled.
 */
final class Reports {

  private static final System.Logger LOG = System.getLogger(Reports.class.getName());

  private Reports() {}

  static void batch(CollapseListener listener, BatchReport report) {
    if (listener == CollapseListener.NONE) {
      return;
    }
    try {
      listener.batchCompleted(report);
    } catch (Throwable e) {
      listenerFailed(report.executorName(), "batchCompleted", e);
    }
  }

  static void rejected(CollapseListener listener, String executorName) {
    CollapseEvents.rejected(executorName);
    try {
      listener.callRejected(executorName);
    } catch (Throwable e) {
      listenerFailed(executorName, "callRejected", e);
    }
  }

  static void timedOut(CollapseListener listener, String executorName) {
    CollapseEvents.timedOut(executorName);
    try {
      listener.callTimedOut(executorName);
    } catch (Throwable e) {
      listenerFailed(executorName, "callTimedOut", e);
    }
  }

  /** Logs what a listener threw, and throws a {@link VirtualMachineError} on. */
  static void listenerFailed(String executorName, String method, Throwable e) {
    log(executorName, method, e);
    if (e instanceof VirtualMachineError fatal) {
      throw fatal;
    }
  }

  /** Logs what a listener threw: an error that ends the executor's work, or one it ignores. */
  static void log(String executorName, String method, Throwable e) {
    if (e instanceof VirtualMachineError) {
      LOG.log(
          System.Logger.Level.ERROR,
          executorName + ": collapse listener failed in " + method + "; not going on",
          e);
      return;
    }
    LOG.log(
        System.Logger.Level.WARNING,
        executorName + ": collapse listener failed in " + method + "; ignored",
        e);
  }
}
