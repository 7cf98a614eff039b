package io.github.collapseexecutor.grpc;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The one timer of every interceptor's callers: a daemon thread that only ends waits (each
 * deadline task cancels one caller's future and queues its {@code onClose}), so it never blocks.
 */
final class DeadlineTimer {

  static final ScheduledExecutorService INSTANCE = timer();

  private DeadlineTimer() {}

  private static ScheduledExecutorService timer() {
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "collapse-grpc-deadlines");
              thread.setDaemon(true);
              return thread;
            });
    // a caller that leaves before its deadline takes its timer entry with it
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }
}
