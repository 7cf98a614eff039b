package io.github.collapseexecutor.core.internal;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.jfr.CollapseEvents;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/** The flights in progress of one same-key executor, by group key. */
public final class FlightMap {

  private final ConcurrentHashMap<Object, Flight> flights = new ConcurrentHashMap<>();
  private final String name;
  private final CollapseListener listener;
  private volatile boolean closed;
  private volatile Runnable onTerminated = () -> {};

  public FlightMap(String name, CollapseListener listener) {
    this.name = Objects.requireNonNull(name, "name");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  public String name() {
    return name;
  }

  public CollapseListener listener() {
    return listener;
  }

  /** Sets what runs after {@link #close()} once no flight is in progress. */
  public void onTerminated(Runnable onTerminated) {
    this.onTerminated = onTerminated;
  }

  /** Creates a flight that a caller may register with {@link #joinOrStart}. */
  public Flight newFlight() {
    // the clock is read only for a listener's report or a recording
    return new Flight(listener == CollapseListener.NONE && !CollapseEvents.batchWanted()
        ? 0L : System.nanoTime());
  }

  /**
   * Joins the flight in progress for {@code group}, or registers {@code mine} as that flight if
   * there is none; the caller that gets {@code mine} back must run the work.
   */
  public Flight joinOrStart(Object group, Flight mine) {
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
  public void complete(Object group, Flight flight, Object value, Throwable failure) {
    int size = flight.close();
    flights.remove(group, flight);
    if (failure == null) {
      flight.finish(value);
    } else {
      flight.finishExceptionally(failure);
    }
    if (closed && flights.isEmpty()) {
      onTerminated.run();
    }
    CollapseEvents.sharedRun(name, size, flight.startNanos, value == Flight.RETRY, failure);
    if (listener != CollapseListener.NONE) {
      Reports.batch(listener, new BatchReport(
          name, size, 0, System.nanoTime() - flight.startNanos, failure));
    }
  }

  public void close() {
    closed = true;
    if (flights.isEmpty()) {
      onTerminated.run();
    }
  }
}
