package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Same-key collapse that runs the work on an {@link Executor}: concurrent calls with an equal
 * group share one run of the callable, and each caller gets its own future of the result.
 *
 * <p>Cancelling a caller's future (or letting its {@code orTimeout} fire) affects only that
 * caller; the work goes on while any caller waits. Without {@link #setExecutor(Executor)}, work
 * runs on a pool of this executor's own daemon threads, which end when idle. Semantics are
 * otherwise those of {@link BlockingCallableGroupCollapseExecutor}; futures fail with the work's
 * exception as thrown, checked or not.
 */
public final class AsyncCallableGroupCollapseExecutor implements AutoCloseable {

  private final FlightMap flights;
  private final ExecutorHolder executor;

  /** Creates an executor named after this class, with no listener. */
  public AsyncCallableGroupCollapseExecutor() {
    this(null, CollapseListener.NONE);
  }

  /**
   * Creates an executor.
   *
   * @param name the name used in messages, reports and thread names; {@code null} for the class
   *     name
   * @param listener receives a report for each shared run
   */
  public AsyncCallableGroupCollapseExecutor(String name, CollapseListener listener) {
    this.flights = new FlightMap(Names.of(name, getClass()), listener);
    this.executor = new ExecutorHolder(flights.name());
    flights.onTerminated(executor::shutdownOwnPool);
  }

  /**
   * Sets the executor that runs the work. The caller owns it: closing this collapse executor does
   * not shut it down.
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
  public <T> CompletableFuture<T> execute(Object group, Callable<T> callable) {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(callable, "callable");
    Flight mine = flights.newFlight();
    Flight flight = flights.joinOrStart(group, mine);
    CompletableFuture<T> caller = flight.newCaller();
    if (flight == mine) {
      try {
        executor.get().execute(() -> run(group, mine, callable));
      } catch (Throwable refused) {
        // a rejection or any other failure of the executor: the callers get it, and the group is
        // free again
        flights.complete(group, mine, null, refused);
      }
    }
    return caller;
  }

  private void run(Object group, Flight flight, Callable<?> callable) {
    if (flight.isAbandoned()) {
      flights.complete(group, flight, null,
          new CancellationException("every caller left before the work started"));
      return;
    }
    Object result;
    flight.runner(Thread.currentThread());
    try {
      result = callable.call();
    } catch (Throwable failure) {
      flight.runner(null);
      flights.complete(group, flight, null, failure);
      return;
    }
    flight.runner(null);
    flights.complete(group, flight, result, null);
  }

  /** Returns this executor's name, as used in error messages and reports. */
  public String name() {
    return flights.name();
  }

  /**
   * Refuses new calls; runs in progress complete for their callers, after which this executor's
   * own pool, if it made one, ends its threads. Idempotent.
   */
  @Override
  public void close() {
    flights.close();
  }



}
