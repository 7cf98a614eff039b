package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.Incubating;

/**
 * A {@link CollapseListener} that hears of each executor when it is created, before any report:
 * the Micrometer listener registers the executor's meters then, so that they exist, at zero,
 * before anything happened. The auto-configured HTTP adapters and the executors of annotated
 * methods announce themselves; an executor an application builds itself from the
 * {@code CollapseExecutorOptions} bean is known only from its first report.
 */
@Incubating
public interface ExecutorCreationListener extends CollapseListener {

  /** Called once, when {@code executor} is created, on the thread that creates it. */
  void executorCreated(CreatedExecutor executor);

  /** Tells {@code listener} of {@code executor}, if it is an {@link ExecutorCreationListener}. */
  static void announce(CollapseListener listener, CreatedExecutor executor) {
    if (listener instanceof ExecutorCreationListener creation) {
      creation.executorCreated(executor);
    }
  }
}
