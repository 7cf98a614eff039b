package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseListener;
import io.github.collapseexecutor.http.UnsharedReason;

/**
 * Reports that the adapters make to a {@link CollapseListener} themselves, where the core executor
 * cannot see the event (a future-based adapter times its waiters out on its own).
 *
 * <p>Whatever a listener throws, errors included, is logged and goes no further. These reports are
 * made in the middle of a hand-off: a shared call that is ending, or a waiter whose timer just
 * fired on a thread nobody waits on. Anything thrown there would leave requests waiting on a call
 * that never ends, or answer a request with the listener's failure. Unlike the core, which reports
 * once its callers are settled, the adapters therefore throw on not even a
 * {@link VirtualMachineError}; they log it as an error.
 */
final class ListenerReports {

  private static final System.Logger LOG = System.getLogger(ListenerReports.class.getName());

  private ListenerReports() {}

  /** Tells {@code listener} that a caller of {@code executorName} stopped waiting at its timeout. */
  static void waitTimedOut(CollapseListener listener, String executorName) {
    try {
      listener.callTimedOut(executorName);
    } catch (Throwable e) {
      failed(executorName, "callTimedOut", e);
    }
  }

  /**
   * Tells {@code listener}, if it is an {@link HttpCollapseListener}, that a request of
   * {@code group} got or gave no shared response.
   */
  static void unshared(
      CollapseListener listener, String executorName, CollapseGroup group, UnsharedReason reason) {
    if (!(listener instanceof HttpCollapseListener http)) {
      return;
    }
    try {
      http.requestUnshared(executorName, group, reason);
    } catch (Throwable e) {
      failed(executorName, "requestUnshared", e);
    }
  }

  private static void failed(String executorName, String method, Throwable e) {
    System.Logger.Level level =
        e instanceof VirtualMachineError ? System.Logger.Level.ERROR : System.Logger.Level.WARNING;
    LOG.log(level, executorName + ": collapse listener failed in " + method + "; ignored", e);
  }
}
