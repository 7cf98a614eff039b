package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseListener;
import io.github.collapseexecutor.http.UnsharedReason;

/**
 * Reports that the adapters make to a {@link CollapseListener} themselves, where the core executor
 * cannot see the event (a future-based adapter times its waiters out on its own). Like the core,
 * it shields the caller from a listener that throws.
 */
final class ListenerReports {

  private ListenerReports() {}

  /** Tells {@code listener} that a caller of {@code executorName} stopped waiting at its timeout. */
  static void waitTimedOut(CollapseListener listener, String executorName) {
    try {
      listener.callTimedOut(executorName);
    } catch (RuntimeException e) {
      failed(executorName, e);
    }
  }

  /**
   * Tells {@code listener}, if it is an {@link HttpCollapseListener}, that a request of
   * {@code group} got or gave no shared response.
   */
  static void unshared(CollapseListener listener, String executorName, CollapseGroup group,
      UnsharedReason reason) {
    if (!(listener instanceof HttpCollapseListener http)) {
      return;
    }
    try {
      http.requestUnshared(executorName, group, reason);
    } catch (RuntimeException e) {
      failed(executorName, e);
    }
  }

  private static void failed(String executorName, RuntimeException e) {
    System.getLogger(ListenerReports.class.getName())
        .log(System.Logger.Level.WARNING, executorName + ": collapse listener failed", e);
  }
}
