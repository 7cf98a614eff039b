package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/** The flights in progress of one same-key executor, by group key. */
final class FlightMap {

  /** What the caller whose flight went in does with it: start the work. */
  @FunctionalInterface
  interface Start<W> {
    void start(Object group, Flight flight, W work);
  }

  private final ConcurrentHashMap<Object, Flight> flights = new ConcurrentHashMap<>();
  private final String name;
  private final CollapseListener listener;
  private volatile boolean closed;
  private volatile Runnable onTerminated = () -> {};

  FlightMap(String name, CollapseListener listener) {
    this.name = Objects.requireNonNull(name, "name");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  String name() {
    return name;
  }

  CollapseListener listener() {
    return listener;
  }

  /** Sets what runs after {@link #close()} once no flight is in progress. */
  void onTerminated(Runnable onTerminated) {
    this.onTerminated = onTerminated;
  }

  /** Creates a flight that a caller may register with {@link #joinOrStart}. */
  Flight newFlight() {
    // the clock is read only for a listener's report or a recording
    return new Flight(listener == CollapseListener.NONE && !CollapseEvents.batchWanted()
        ? 0L : System.nanoTime());
  }

  /**
   * Returns a future of the flight in progress for {@code group}, or of a new one that
   * {@code start} starts with {@code work} on this thread.
   */
  <T, W> CompletableFuture<T> join(Object group, W work, Start<? super W> start) {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(work, "callable");
    Flight mine = newFlight();
    Flight flight = joinOrStart(group, mine);
    CompletableFuture<T> caller = flight.newCaller();
    if (flight == mine) {
      start.start(group, mine, work);
    }
    return caller;
  }

  /**
   * Joins the flight in progress for {@code group}, or registers {@code mine} as that flight if
   * there is none; the caller that gets {@code mine} back must run the work.
   */
  Flight joinOrStart(Object group, Flight mine) {
    Objects.requireNonNull(group, "group");
    if (closed) {
      throw new IllegalStateException(name + " is closed");
    }
    for (;;) {
      Flight current = flights.putIfAbsent(group, mine);
      if (current == null) {
        return mine;
      }
      if (current.runsOnThisThread()) {
        throw new IllegalStateException(name + ": execute(" + Names.describe(group)
            + ") was called from the work of group " + Names.describe(group)
            + " on the thread running it; it would wait for its own result forever");
      }
      if (current.tryJoin()) {
        return current;
      }
      // completing or abandoned: it is about to leave the map; do not share its result
      flights.remove(group, current);
    }
  }

  /** Completes a flight: closes it to new callers, removes it, then hands out its outcome. */
  void complete(Object group, Flight flight, Object value, Throwable failure) {
    int size = flight.close();
    flights.remove(group, flight);
    flight.finish(value, failure);
    if (closed && flights.isEmpty()) {
      onTerminated.run();
    }
    CollapseEvents.sharedRun(name, size, flight.startNanos(), flight.isRetry(), failure);
    if (listener != CollapseListener.NONE) {
      Reports.batch(listener, new BatchReport(
          name, size, 0, System.nanoTime() - flight.startNanos(), failure));
    }
  }

  void close() {
    closed = true;
    if (flights.isEmpty()) {
      onTerminated.run();
    }
  }
}
