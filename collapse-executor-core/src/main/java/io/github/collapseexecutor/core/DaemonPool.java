package io.github.collapseexecutor.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pool an asynchronous executor uses when none is set: its own, so that a slow batch of one
 * executor never delays another's, with daemon threads that end after a short idle time so that an
 * idle executor holds no thread.
 */
final class DaemonPool {

  static final long KEEP_ALIVE_SECONDS = 10;

  private DaemonPool() {}

  /**
   * Creates a pool that starts threads as tasks need them. The executor's batch slots bound how
   * many batches run at once; a batch handing out its outputs after its slot was freed needs a
   * thread of its own, so that the next batch does not wait behind it.
   */
  static ExecutorService create(String executorName) {
    return new ThreadPoolExecutor(
        0,
        Integer.MAX_VALUE,
        KEEP_ALIVE_SECONDS,
        TimeUnit.SECONDS,
        new SynchronousQueue<>(),
        new NamedDaemonThreads(executorName));
  }

  private static final class NamedDaemonThreads implements ThreadFactory {
    private final String prefix;
    private final AtomicInteger count = new AtomicInteger();

    NamedDaemonThreads(String executorName) {
      this.prefix = "collapse-" + executorName + "-";
    }

    @Override
    public Thread newThread(Runnable task) {
      Thread thread = new Thread(task, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    }
  }
}
