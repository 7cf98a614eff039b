package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.core.CollapseListener.RunScope;
import io.github.collapseexecutor.core.CollapseListener.RunStart;
import org.jspecify.annotations.Nullable;

/**
 * Tells a listener's {@link RunScope} of one run, shielding the executor from it as
 * {@link Reports} does: whatever the listener throws is logged and the run goes on. A
 * {@link VirtualMachineError} thrown before the run's callers are settled is kept and thrown on
 * once they are, from {@link #ended}.
 *
 * <p>Exists only while someone listens: {@link #start} returns {@code null} otherwise, and the
 * static methods take that {@code null}, so that a run nobody listens to pays one comparison.
 */
final class ListenedRun {

  private final String executorName;
  private final RunScope scope;

  /**
   * Written by the thread that starts the run before the work returned; read by {@link #ended},
   * which the run's completion orders after that.
   */
  private @Nullable VirtualMachineError fatal;

  private ListenedRun(String executorName, RunScope scope, @Nullable VirtualMachineError fatal) {
    this.executorName = executorName;
    this.scope = scope;
    this.fatal = fatal;
  }

  /**
   * Tells {@code listener} that a run starts on this thread.
   *
   * @return the run to pass to {@link #workReturned} and {@link #ended}, or {@code null} if the
   *     listener keeps nothing of it
   */
  static @Nullable ListenedRun start(
      CollapseListener listener,
      String executorName,
      RunStart.Flavour flavour,
      boolean batch,
      int size) {
    if (listener == CollapseListener.NONE) {
      return null;
    }
    RunScope scope;
    try {
      scope = listener.runStarted(new RunStart(executorName, flavour, batch, size));
      if (scope == null) {
        throw new NullPointerException("runStarted returned null instead of RunScope.NONE");
      }
    } catch (VirtualMachineError e) {
      Reports.log(executorName, "runStarted", e);
      return new ListenedRun(executorName, RunScope.NONE, e);
    } catch (Throwable e) {
      Reports.log(executorName, "runStarted", e);
      return null;
    }
    return scope == RunScope.NONE ? null : new ListenedRun(executorName, scope, null);
  }

  /** Tells the run's scope, if any, that the work returned or threw, on the thread that ran it. */
  static void workReturned(@Nullable ListenedRun run) {
    if (run == null) {
      return;
    }
    try {
      run.scope.workReturned();
    } catch (VirtualMachineError e) {
      Reports.log(run.executorName, "workReturned", e);
      if (run.fatal == null) {
        run.fatal = e;
      }
    } catch (Throwable e) {
      Reports.log(run.executorName, "workReturned", e);
    }
  }

  /**
   * Tells the run's scope, if any, that the run ended; call once its callers are settled (a run
   * completes once: see {@link Flight#claimCompletion}). Throws
   * on a {@link VirtualMachineError} the listener threw, now or earlier.
   */
  static void ended(@Nullable ListenedRun run, BatchReport report) {
    if (run == null) {
      return;
    }
    try {
      run.scope.ended(report);
    } catch (Throwable e) {
      Reports.listenerFailed(run.executorName, "ended", e);
    }
    if (run.fatal != null) {
      throw run.fatal;
    }
  }
}
