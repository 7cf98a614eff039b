package io.github.collapseexecutor.redis;

import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Whether the tier coordinates through Redis now. A lost connection, a failed probe, or
 * {@value #FAILED_COMMANDS_TO_DOWN} commands of calls in a row that failed or came late turn it
 * down, once per outage: it logs one warning, counts the outage and wakes every waiting caller,
 * and from then on calls go on as local collapse without touching Redis. Only the probe turns it
 * up again. A single late answer (a pause of this JVM, say) costs only its own call a fallback.
 */
final class TierHealth {

  private static final System.Logger LOG = System.getLogger(FleetCoordinator.class.getName());

  /** How many commands of calls in a row may fail or come late before the tier goes down. */
  static final int FAILED_COMMANDS_TO_DOWN = 3;

  private enum State { STARTING, UP, DOWN }

  private final String name;
  private final Runnable onDown;
  private final LongAdder outages = new LongAdder();
  private final AtomicInteger failedInARow = new AtomicInteger();
  private volatile State state = State.STARTING;
  private CompletableFuture<Void> nextUp = new CompletableFuture<>();

  /** @param onDown what to do as the tier goes down: wake the waiting callers */
  TierHealth(String name, Runnable onDown) {
    this.name = name;
    this.onDown = onDown;
  }

  /** Returns whether calls coordinate through Redis now. */
  boolean up() {
    return state == State.UP;
  }

  /** Returns how many times Redis stopped answering. */
  long outages() {
    return outages.sum();
  }

  /**
   * Notes that a command of a call failed or came late with {@code problem}: the call goes on
   * as local collapse, and the tier goes down when it is the last of
   * {@value #FAILED_COMMANDS_TO_DOWN} in a row.
   */
  void commandFailed(String problem) {
    if (failedInARow.incrementAndGet() >= FAILED_COMMANDS_TO_DOWN) {
      failed(problem);
    }
  }

  /** Notes that a command of a call was answered in time. */
  void commandAnswered() {
    if (failedInARow.get() != 0) {
      failedInARow.set(0);
    }
  }

  /** Turns the tier down after {@code problem}, unless it is down already. */
  void failed(String problem) {
    State was;
    synchronized (this) {
      was = state;
      if (was == State.DOWN) {
        return;
      }
      state = State.DOWN;
      if (was == State.UP) {
        nextUp = new CompletableFuture<>();
        outages.increment();
      }
    }
    LOG.log(Level.WARNING, "{0}: Redis {1}; calls go on as local collapse until it answers again",
        name, problem);
    onDown.run();
  }

  /** Turns the tier up after the probe got an answer, unless it is up already. */
  void answered() {
    State was;
    CompletableFuture<Void> up;
    synchronized (this) {
      was = state;
      if (was == State.UP) {
        return;
      }
      state = State.UP;
      up = nextUp;
      failedInARow.set(0);
    }
    if (was == State.DOWN) {
      LOG.log(Level.INFO, "{0}: Redis answers again; calls coordinate through it", name);
    }
    up.complete(null);
  }

  /** Turns the tier down for good, without a warning: the coordinator closes. */
  void stop() {
    synchronized (this) {
      state = State.DOWN;
    }
    onDown.run();
  }

  /** Returns a future that completes when the tier is up: at once if it is up now. */
  synchronized CompletableFuture<Void> whenUp() {
    return nextUp;
  }
}
