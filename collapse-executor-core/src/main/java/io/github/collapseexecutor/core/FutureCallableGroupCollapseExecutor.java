package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Same-key collapse for non-blocking work: the callable starts the work and returns a future of
 * its result (an asynchronous client call, for example); concurrent calls with an equal group share
 * that one future's outcome, each through a future of its own.
 *
 * <p>The first caller's callable is called on that caller's thread and must return quickly. A
 * caller that cancels its future leaves alone; when every caller has left before the work
 * completes, the shared future is cancelled, so that work nobody waits for can stop. Semantics are
 * otherwise those of {@link BlockingCallableGroupCollapseExecutor}.
 *
 * <p>A caller that must know whether it starts the work or waits for another caller's (an
 * adapter whose leading request makes the call through its own client, for example) takes its
 * {@link Place} with {@link #join} instead of calling {@link #execute}.
 */
public final class FutureCallableGroupCollapseExecutor extends GroupExecutorBase
    implements AutoCloseable {

  private final FlightMap.Start<Callable<? extends CompletableFuture<?>>> start = this::start;

  /** Creates an executor with the default {@link GroupCollapseExecutorOptions}. */
  public FutureCallableGroupCollapseExecutor() {
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
  public FutureCallableGroupCollapseExecutor(@Nullable String name, CollapseListener listener) {
    this(options(name, listener));
  }

  /** Creates an executor with the given options; it has no use for their executor. */
  public FutureCallableGroupCollapseExecutor(GroupCollapseExecutorOptions options) {
    super(options);
  }

  /**
   * Returns a future of the outcome of the future {@code callable} returns, or of the one in
   * progress for an equal {@code group}.
   *
   * @throws NullPointerException if {@code group} or {@code callable} is null
   * @throws IllegalStateException if this executor is closed, or if called from the work of an
   *     equal group on the thread running it, which would wait for its own result
   */
  public <T extends @Nullable Object> CompletableFuture<T> execute(
      Object group, Callable<CompletableFuture<T>> callable) {
    return flights.join(group, callable, start);
  }

  /**
   * Joins the run in progress for an equal {@code group}, or starts a new one that this caller
   * leads, and returns the caller's place in it: whether it leads, and its own future. A caller
   * that {@link Place#leads() leads} must then {@link Place#lead start the work}; the others get
   * its outcome. {@code execute(group, callable)} is the same as:
   *
   * <pre>{@code
   * Place<T> place = executor.join(group);
   * if (place.leads()) {
   *   place.lead(callable);
   * }
   * return place.future();
   * }</pre>
   *
   * @throws NullPointerException if {@code group} is null
   * @throws IllegalStateException if this executor is closed, or if called from the work of an
   *     equal group on the thread running it, which would wait for its own result
   */
  public <T extends @Nullable Object> Place<T> join(Object group) {
    Objects.requireNonNull(group, "group");
    Flight mine = flights.newFlight();
    Flight flight = flights.joinOrStart(group, mine);
    return new Place<>(this, group, flight, flight == mine);
  }

  // the completion settles the flight whatever the work's outcome: the stage it returns adds
  // nothing
  @SuppressWarnings("FutureReturnValueIgnored")
  private void start(
      Object group, Flight flight, Callable<? extends CompletableFuture<?>> callable) {
    CompletableFuture<?> work;
    ListenedRun run = flights.runStarted(flight, RunStart.Flavour.FUTURE);
    try {
      work =
          Objects.requireNonNull(
              flight.call(callable, run),
              () -> flights.name() + ": the callable returned null instead of a future");
    } catch (Throwable failure) {
      flights.complete(group, flight, null, failure, run);
      return;
    }
    flight.onAbandon(
        () -> {
          flights.complete(
              group,
              flight,
              null,
              new CancellationException("every caller left before the work completed"),
              run);
          work.cancel(/* mayInterruptIfRunning= */ false);
        });
    work.whenComplete(completion(flights, group, flight, run));
  }

  /**
   * One caller's place in a run of its group, from {@link #join}: whether the caller leads the
   * run, and the caller's own future of its outcome.
   *
   * <p>Exactly one caller of a run leads it, and it must start the work with {@link #lead},
   * before it waits for anything: the other callers wait until the future the work returns
   * completes, and a leader that never starts it leaves them waiting. The work belongs to no
   * caller, the leader included: each caller that cancels or completes its own future leaves
   * alone, and the work's future is cancelled only once every caller has left.
   *
   * @param <T> the type of the work's result
   */
  public static final class Place<T extends @Nullable Object> {

    private final FutureCallableGroupCollapseExecutor executor;
    private final Object group;
    private final Flight flight;
    private final boolean leads;
    private final CompletableFuture<T> future;
    private boolean started;

    private Place(
        FutureCallableGroupCollapseExecutor executor, Object group, Flight flight, boolean leads) {
      this.executor = executor;
      this.group = group;
      this.flight = flight;
      this.leads = leads;
      this.future = flight.newCaller();
    }

    /** Returns whether this caller leads the run, and so must {@link #lead start its work}. */
    public boolean leads() {
      return leads;
    }

    /**
     * Returns this caller's own future of the run's outcome; cancelling it, completing it or
     * letting {@link CompletableFuture#orTimeout} fire leaves the run to the other callers.
     */
    public CompletableFuture<T> future() {
      return future;
    }

    /**
     * Starts the work of the run this caller leads: calls {@code work} on this thread, which must
     * return quickly, and completes every caller's future with the outcome of the future it
     * returns, or with what it threw. That future is cancelled if every caller leaves before it
     * completes.
     *
     * @throws NullPointerException if {@code work} is null
     * @throws IllegalStateException if this caller does not lead the run, or started it already
     */
    public void lead(Callable<CompletableFuture<T>> work) {
      Objects.requireNonNull(work, "work");
      if (!leads) {
        throw new IllegalStateException(
            executor.name()
                + ": a caller that joined the run of group "
                + Names.describe(group)
                + " cannot lead it");
      }
      synchronized (this) {
        if (started) {
          throw new IllegalStateException(
              executor.name()
                  + ": the run of group "
                  + Names.describe(group)
                  + " was started already");
        }
        started = true;
      }
      executor.start(group, flight, work);
    }
  }

  /**
   * Returns what completes the flight when its work does. Captures the executor's flights rather
   * than the executor, and the listener's view of the run only when someone listens, so that a run
   * nobody listens to costs one small completion.
   */
  private static BiConsumer<Object, Throwable> completion(
      FlightMap flights, Object group, Flight flight, @Nullable ListenedRun run) {
    if (run == null) {
      return (result, failure) ->
          flights.complete(
              group, flight, result, failure == null ? null : Failures.unwrap(failure));
    }
    return (result, failure) ->
        flights.complete(
            group, flight, result, failure == null ? null : Failures.unwrap(failure), run);
  }
}
