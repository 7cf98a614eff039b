package io.github.collapseexecutor.core.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
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
public final class DaemonPool {

  static final long KEEP_ALIVE_SECONDS = 10;

  private DaemonPool() {}

  /**
   * Creates a pool of at most {@code maxThreads} threads named after the executor; a maximum of
   * {@link Integer#MAX_VALUE} creates threads as needed.
   */
  public static ExecutorService create(String executorName, int maxThreads) {
    ThreadFactory threads = new NamedDaemonThreads(executorName);
    if (maxThreads == Integer.MAX_VALUE) {
      return new ThreadPoolExecutor(0, maxThreads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
          new SynchronousQueue<>(), threads);
    }
    ThreadPoolExecutor pool = new ThreadPoolExecutor(maxThreads, maxThreads, KEEP_ALIVE_SECONDS,
        TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads);
    pool.allowCoreThreadTimeOut(true);
    return pool;
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
