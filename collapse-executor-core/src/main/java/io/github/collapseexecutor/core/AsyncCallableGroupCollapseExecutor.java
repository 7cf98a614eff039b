package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Same-key collapse that runs the work on an {@link Executor}: concurrent calls with an equal
 * group share one run of the callable, and each caller gets its own future of the result.
 *
 * <p>Cancelling a caller's future (or letting its {@code orTimeout} fire) affects only that
 * caller; the work goes on while any caller waits. Work runs on the
 * {@link GroupCollapseExecutorOptions#executor() executor of the options}, or on the one
 * {@link #setExecutor(Executor)} set before the first call; without either, on a pool of this
 * executor's own daemon threads, which end when idle. Semantics are
 * otherwise those of {@link BlockingCallableGroupCollapseExecutor}; futures fail with the work's
 * exception as thrown, checked or not.
 */
public final class AsyncCallableGroupCollapseExecutor extends GroupExecutorBase
    implements AutoCloseable {

  private final ExecutorHolder executor;
  private final FlightMap.Start<Callable<?>> start = this::start;

  /** Creates an executor with the default {@link GroupCollapseExecutorOptions}. */
  public AsyncCallableGroupCollapseExecutor() {
    this(GroupCollapseExecutorOptions.defaults());
  }

  /**
   * Creates an executor; the same as passing {@link GroupCollapseExecutorOptions} with this name
   * and listener.
   *
   * @param name the name used in messages, reports and thread names; {@code null} for the class
   *     name
   * @param listener receives a report for each shared run
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public AsyncCallableGroupCollapseExecutor(@Nullable String name, CollapseListener listener) {
    this(options(name, listener));
  }

  /**
   * Creates an executor with the given options. Without an {@link
   * GroupCollapseExecutorOptions#executor() executor} there, work runs on a pool of this
   * executor's own daemon threads.
   */
  public AsyncCallableGroupCollapseExecutor(GroupCollapseExecutorOptions options) {
    super(options);
    this.executor =
        new ExecutorHolder(flights.name(), "GroupCollapseExecutorOptions", options.executor());
    flights.onTerminated(executor::shutdownOwnPool);
  }

  /**
   * Sets the executor the work runs on, in place of the one the options named, if any: the later
   * setting wins. Meant for code written for the classic API, which configured the executor this
   * way; new code passes it in the options ({@link OptionsBuilder#executor(Executor)}).
   * The caller owns it: closing this collapse executor does not shut it down. Thread-safe; a call
   * that races the first {@link #execute} either takes effect for it or is refused.
   *
   * @throws NullPointerException if {@code executor} is null
   * @throws IllegalStateException if a call has handed work to an executor already, which stays the
   *     one all work runs on
   */
  public void setExecutor(Executor executor) {
    this.executor.set(executor);
  }

  /**
   * Returns a future of the result of {@code callable}, or of the run in progress for an equal
   * {@code group}.
   *
   * @throws NullPointerException if {@code group} or {@code callable} is null
   * @throws IllegalStateException if this executor is closed, or if called from the work of an
   *     equal group on the thread running it, which would wait for its own result
   */
  public <T extends @Nullable Object> CompletableFuture<T> execute(
      Object group, Callable<T> callable) {
    return flights.join(group, callable, start);
  }

  private void start(Object group, Flight flight, Callable<?> callable) {
    try {
      executor.get().execute(() -> run(group, flight, callable));
    } catch (Throwable refused) {
      // a rejection or any other failure of the executor: the callers get it, and the group is
      // free again
      flights.complete(group, flight, null, refused);
    }
  }

  private void run(Object group, Flight flight, Callable<?> callable) {
    if (flight.isAbandoned()) {
      flights.complete(
          group,
          flight,
          null,
          new CancellationException("every caller left before the work started"));
      return;
    }
    Object result;
    ListenedRun run = flights.runStarted(flight, RunStart.Flavour.ASYNC);
    try {
      result = flight.call(callable, run);
    } catch (Throwable failure) {
      flights.complete(group, flight, null, failure, run);
      return;
    }
    flights.complete(group, flight, result, null, run);
  }

  /**
   * Refuses new calls; runs in progress complete for their callers, after which this executor's
   * own pool, if it made one, ends its threads. Idempotent.
   */
  @Override
  public void close() {
    super.close();
  }
}
