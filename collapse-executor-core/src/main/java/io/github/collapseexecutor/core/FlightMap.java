package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The flights in progress of one same-key executor, by group key. While collapsing is switched
 * off, each caller's flight is kept under itself instead, so that nobody joins it and closing still
 * waits for it.
 */
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
  private volatile boolean collapsing = true;
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

  /** Switches collapsing on or off for the callers that come from now on. */
  void collapsing(boolean on) {
    collapsing = on;
  }

  boolean isCollapsing() {
    return collapsing;
  }

  /**
   * Tells the listener that the work of {@code flight} starts on this thread.
   *
   * @return what to pass to {@link #complete}, or {@code null} if nobody listens
   */
  @Nullable ListenedRun runStarted(Flight flight, RunStart.Flavour flavour) {
    return ListenedRun.start(listener, name, flavour, /* batch= */ false, flight.joined());
  }

  /** Sets what runs after {@link #close()} once no flight is in progress. */
  void onTerminated(Runnable onTerminated) {
    this.onTerminated = onTerminated;
  }

  /** Creates a flight that a caller may register with {@link #joinOrStart}. */
  Flight newFlight() {
    // the clock is read only for a listener's report or a recording
    return new Flight(
        listener == CollapseListener.NONE && !CollapseEvents.batchWanted()
            ? 0L
            : System.nanoTime());
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
    if (!collapsing) {
      flights.put(mine, mine);
      return mine;
    }
    for (; ; ) {
      Flight current = flights.putIfAbsent(group, mine);
      if (current == null) {
        return mine;
      }
      if (current.runsOnThisThread()) {
        throw new IllegalStateException(
            name
                + ": execute("
                + Names.describe(group)
                + ") was called from the work of group "
                + Names.describe(group)
                + " on the thread running it; it would wait for its own result forever");
      }
      if (current.tryJoin()) {
        return current;
      }
      // completing or abandoned: it is about to leave the map; do not share its result
      flights.remove(group, current);
    }
  }

  /** Completes a flight that nobody listened to the work of; see the other overload. */
  void complete(Object group, Flight flight, @Nullable Object value, @Nullable Throwable failure) {
    complete(group, flight, value, failure, null);
  }

  /**
   * Completes a flight: closes it to new callers, removes it, then hands out its outcome, and
   * reports it. Only the first completion of a flight counts.
   *
   * @param run what {@link #runStarted} returned, or {@code null} if the work never started
   */
  void complete(
      Object group,
      Flight flight,
      @Nullable Object value,
      @Nullable Throwable failure,
      @Nullable ListenedRun run) {
    if (!flight.claimCompletion()) {
      return;
    }
    int size = flight.close();
    // a flight started while collapsing was off is kept under itself; a joiner may have removed a
    // closing flight already, which is rare enough to pay a second look
    if (!flights.remove(group, flight)) {
      flights.remove(flight, flight);
    }
    flight.finish(value, failure);
    if (closed && flights.isEmpty()) {
      onTerminated.run();
    }
    CollapseEvents.sharedRun(name, size, flight.startNanos(), flight.isRetry(), failure);
    if (listener != CollapseListener.NONE) {
      BatchReport report =
          new BatchReport(name, size, 0, System.nanoTime() - flight.startNanos(), failure);
      Reports.batch(listener, report);
      ListenedRun.ended(run, report);
    }
  }

  void close() {
    closed = true;
    if (flights.isEmpty()) {
      onTerminated.run();
    }
  }
}
