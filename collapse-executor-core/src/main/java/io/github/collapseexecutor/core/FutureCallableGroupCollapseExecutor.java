package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * Same-key collapse for non-blocking work: the callable starts the work and returns a future of
 * its result (an asynchronous client call, for example); concurrent calls with an equal group share
 * that one future's outcome, each through a future of its own.
 *
 * <p>The first caller's callable is called on that caller's thread and must return quickly. A
 * caller that cancels its future leaves alone; when every caller has left before the work
 * completes, the shared future is cancelled, so that work nobody waits for can stop. Semantics are
 * otherwise those of {@link BlockingCallableGroupCollapseExecutor}.
 */
public final class FutureCallableGroupCollapseExecutor implements AutoCloseable {

  private final FlightMap flights;

  /** Creates an executor named after this class, with no listener. */
  public FutureCallableGroupCollapseExecutor() {
    this(null, CollapseListener.NONE);
  }

  /**
   * Creates an executor.
   *
   * @param name the name used in messages and reports; {@code null} for the class name
   * @param listener receives a report for each shared run
   */
  public FutureCallableGroupCollapseExecutor(String name, CollapseListener listener) {
    this.flights = new FlightMap(Names.of(name, getClass()), listener);
  }

  /**
   * Returns a future of the outcome of the future {@code callable} returns, or of the one in
   * progress for an equal {@code group}.
   *
   * @throws NullPointerException if {@code group} or {@code callable} is null
   * @throws IllegalStateException if this executor is closed, or if called from the work of an
   *     equal group on the thread running it, which would wait for its own result
   */
  public <T> CompletableFuture<T> execute(Object group, Callable<CompletableFuture<T>> callable) {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(callable, "callable");
    Flight mine = flights.newFlight();
    Flight flight = flights.joinOrStart(group, mine);
    CompletableFuture<T> caller = flight.newCaller();
    if (flight == mine) {
      start(group, mine, callable);
    }
    return caller;
  }

  private <T> void start(Object group, Flight flight, Callable<CompletableFuture<T>> callable) {
    CompletableFuture<T> work;
    flight.runner(Thread.currentThread());
    try {
      work = Objects.requireNonNull(callable.call(),
          () -> flights.name() + ": the callable returned null instead of a future");
    } catch (Throwable failure) {
      flight.runner(null);
      flights.complete(group, flight, null, failure);
      return;
    }
    flight.runner(null);
    flight.onAbandon(() -> {
      flights.complete(group, flight, null,
          new CancellationException("every caller left before the work completed"));
      work.cancel(/* mayInterruptIfRunning= */ false);
    });
    work.whenComplete((result, failure) -> flights.complete(group, flight, result,
        failure == null ? null : Failures.unwrap(failure)));
  }

  /** Returns this executor's name, as used in error messages and reports. */
  public String name() {
    return flights.name();
  }

  /** Refuses new calls; work in progress completes for its callers. Idempotent. */
  @Override
  public void close() {
    flights.close();
  }
}
