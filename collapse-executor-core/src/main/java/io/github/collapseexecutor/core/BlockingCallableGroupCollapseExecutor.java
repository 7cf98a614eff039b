package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/**
 * Same-key collapse for blocking code (single flight): while a call for a group runs, concurrent
 * calls with an equal group wait for it and get its result or its exception instead of running
 * their own.
 *
 * <pre>{@code
 * BlockingCallableGroupCollapseExecutor executor = new BlockingCallableGroupCollapseExecutor();
 * Profile profile = executor.execute("profile:" + userId, () -> profileClient.load(userId));
 * }</pre>
 *
 * <p>The first caller of a group runs the callable on its own thread; the callables of the callers
 * that join it are not called. A caller joins only work in progress: once the work completes, the
 * next call runs it again, so results are never served from a cache. Because a joiner may arrive
 * after the work started, use it where a result that was being computed when the call began is
 * good enough (reads, not read-your-writes).
 *
 * <p>Groups are compared with {@code equals}; include in the group everything the result depends
 * on. Unchecked exceptions reach every caller as thrown; checked ones arrive wrapped in
 * {@link CollapseExecutionException}. If the running caller's thread is interrupted and the work
 * fails, that caller alone gets the failure and one of the waiting callers runs the work again.
 */
public final class BlockingCallableGroupCollapseExecutor extends GroupExecutorBase
    implements AutoCloseable {

  /** Creates an executor with the default {@link GroupCollapseExecutorOptions}. */
  public BlockingCallableGroupCollapseExecutor() {
    this(GroupCollapseExecutorOptions.defaults());
  }

  /**
   * Creates an executor; the same as passing {@link GroupCollapseExecutorOptions} with this name
   * and listener.
   *
   * @param name the name used in messages and reports; {@code null} for the class name
   * @param listener receives a report for each shared run
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public BlockingCallableGroupCollapseExecutor(@Nullable String name, CollapseListener listener) {
    this(options(name, listener));
  }

  /** Creates an executor with the given options; it has no use for their executor. */
  public BlockingCallableGroupCollapseExecutor(GroupCollapseExecutorOptions options) {
    super(options);
  }

  /**
   * Runs {@code callable}, or waits for the run in progress for an equal {@code group}, and
   * returns its result.
   *
   * <p>A callable may call this executor for other groups. Calling it for its own group on the
   * thread running it could only wait for itself and throws {@link IllegalStateException}; a cycle
   * through other threads or executors (group A waiting for B, whose run waits for A) is not
   * detected.
   *
   * @throws NullPointerException if {@code group} or {@code callable} is null
   * @throws IllegalStateException if this executor is closed, or if called from the work of an
   *     equal group on the thread running it
   * @throws CollapseExecutionException if the work threw a checked exception or the waiting thread
   *     was interrupted
   */
  public <T extends @Nullable Object> T execute(Object group, Callable<T> callable) {
    return execute(group, callable, -1);
  }

  /**
   * Like {@link #execute(Object, Callable)}, but a caller that waits for another's run stops
   * waiting after {@code timeout}; the run goes on for the others. A caller that runs the work
   * itself returns when it is done.
   *
   * @throws CollapseTimeoutException if the result did not arrive in time
   */
  public <T extends @Nullable Object> T execute(
      Object group, Callable<T> callable, Duration timeout) {
    return execute(group, callable, Timeouts.toNanos(timeout));
  }

  @SuppressWarnings("unchecked")
  private <T> T execute(Object group, Callable<T> callable, long timeoutNanos) {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(callable, "callable");
    long deadline = System.nanoTime() + timeoutNanos;
    for (; ; ) {
      Flight mine = flights.newFlight();
      Flight flight = flights.joinOrStart(group, mine);
      if (flight == mine) {
        return run(group, mine, callable);
      }
      await(group, flight, timeoutNanos, deadline);
      if (!flight.isRetry()) {
        return flight.outcome();
      }
    }
  }

  private <T> T run(Object group, Flight flight, Callable<T> callable) {
    T result;
    ListenedRun run = flights.runStarted(flight, RunStart.Flavour.BLOCKING);
    try {
      result = flight.call(callable, run);
    } catch (Throwable failure) {
      if (failure instanceof InterruptedException || Thread.currentThread().isInterrupted()) {
        // the interrupt was meant for this caller, not for the ones waiting on it
        flight.markRetry();
        flights.complete(group, flight, null, null, run);
      } else {
        flights.complete(group, flight, null, failure, run);
      }
      throw Failures.rethrow(failure);
    }
    flights.complete(group, flight, result, null, run);
    return result;
  }

  private void await(Object group, Flight flight, long timeoutNanos, long deadline) {
    boolean completed;
    try {
      completed = flight.awaitCompletion(timeoutNanos, deadline);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CollapseExecutionException(
          flights.name() + ": interrupted while waiting for group " + group, e);
    }
    if (!completed) {
      Reports.timedOut(flights.listener(), flights.name());
      throw new CollapseTimeoutException(
          flights.name()
              + ": no result for group "
              + group
              + " within "
              + timeoutNanos / 1_000_000
              + " ms");
    }
  }
}
