package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.BitSet;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import org.jspecify.annotations.Nullable;

/**
 * What the tier does with calls now ({@link FleetState}), and the last problem it met. A lost
 * connection, a failed probe, or {@value #FAILED_COMMANDS_TO_DOWN} commands of calls in a row
 * that failed or came late turn it to failing open, once per outage: it logs one warning, counts
 * the outage and wakes every waiting caller, and from then on calls go on as local collapse
 * without touching Redis. A single late answer (a pause of this JVM, say) costs only its own call
 * a fallback. A configuration fault turns it misconfigured at once, logged as an error once per
 * fault however often it recurs. Only the probe turns it to coordinating again, and says when a
 * fault it logged is mended. On a cluster whose masters answer but for some, the probe turns it
 * degraded: calls for the slots of those go on as local collapse, and the others coordinate.
 */
final class TierHealth {

  private static final System.Logger LOG = System.getLogger(FleetCoordinator.class.getName());

  /** How many commands of calls in a row may fail or come late before the tier goes down. */
  static final int FAILED_COMMANDS_TO_DOWN = 3;

  private final String name;
  private final Runnable onDown;
  private final LongAdder outages = new LongAdder();
  private final AtomicInteger failedInARow = new AtomicInteger();
  private volatile FleetState state = FleetState.STARTING;
  private volatile @Nullable Problem lastProblem;

  /** The slots whose master does not answer while the others do; none unless degraded. */
  private volatile BitSet downSlots = new BitSet();

  /** The configuration fault last logged, and whether its mending was; guarded by this. */
  private @Nullable String loggedFault;

  private boolean loggedFaultMended;
  private CompletableFuture<Void> nextUp = new CompletableFuture<>();

  /** @param onDown what to do as the tier stops coordinating: wake the waiting callers */
  TierHealth(String name, Runnable onDown) {
    this.name = name;
    this.onDown = onDown;
  }

  /** Returns whether calls coordinate through Redis now: all, or all but some slots'. */
  boolean up() {
    return coordinates(state);
  }

  /**
   * Returns whether a call for a key in {@code slot} coordinates through Redis now; the slot is
   * asked for only while the tier is degraded.
   */
  boolean up(IntSupplier slot) {
    FleetState now = state;
    return now == FleetState.COORDINATING
        || (now == FleetState.DEGRADED && !downSlots.get(slot.getAsInt()));
  }

  private static boolean coordinates(FleetState state) {
    return state == FleetState.COORDINATING || state == FleetState.DEGRADED;
  }

  /** Returns what the tier does with calls now. */
  FleetState state() {
    return state;
  }

  /** Returns the last problem the tier met, kept after Redis answers again. */
  Optional<String> lastProblem() {
    return Optional.ofNullable(lastProblem).map(Problem::text);
  }

  /** Returns when the tier met its last problem. */
  Optional<Instant> lastProblemAt() {
    return Optional.ofNullable(lastProblem).map(Problem::at);
  }

  /**
   * Returns how many times Redis, or some masters of a cluster, stopped answering while every call
   * coordinated: an outage lasts until every call coordinates again, however often it goes between
   * failing open and degraded meanwhile (a killed master does: its cluster refuses every command
   * for a while before the replica takes over).
   */
  long outages() {
    return outages.sum();
  }

  /**
   * Notes that a command of a call failed or came late with {@code fault}: the call goes on as
   * local collapse; the tier turns misconfigured at a configuration fault, and fails open when
   * the fault is the last of {@value #FAILED_COMMANDS_TO_DOWN} in a row.
   */
  void commandFailed(Fault fault) {
    if (fault.configuration() || failedInARow.incrementAndGet() >= FAILED_COMMANDS_TO_DOWN) {
      failed(fault); // which records the problem
    } else {
      lastProblem = new Problem(fault.text(), Instant.now());
    }
  }

  /** Notes that a command of a call was answered in time. */
  void commandAnswered() {
    if (failedInARow.get() != 0) {
      failedInARow.set(0);
    }
  }

  /** Turns the tier misconfigured or failing open after {@code fault}, unless it is already. */
  void failed(Fault fault) {
    FleetState to = fault.configuration() ? FleetState.MISCONFIGURED : FleetState.FAILING_OPEN;
    FleetState was;
    boolean logFault;
    synchronized (this) {
      lastProblem = new Problem(fault.text(), Instant.now());
      was = state;
      logFault = to == FleetState.MISCONFIGURED && !fault.text().equals(loggedFault);
      if (was == to && !logFault) {
        return;
      }
      state = to;
      if (coordinates(was)) {
        nextUp = new CompletableFuture<>();
        if (was == FleetState.COORDINATING && to == FleetState.FAILING_OPEN) {
          outages.increment();
        }
      }
      if (logFault) {
        loggedFault = fault.text();
        loggedFaultMended = false;
      }
    }
    if (logFault) {
      LOG.log(
          Level.ERROR,
          "{0}: the fleet tier cannot use Redis as configured, and calls go "
              + "on as local collapse until that is mended: {1}",
          name,
          fault.text());
    } else if (was != to && to == FleetState.FAILING_OPEN) {
      LOG.log(
          Level.WARNING,
          "{0}: Redis {1}; calls go on as local collapse until it answers " + "again",
          name,
          fault.text());
    }
    if (coordinates(was)) {
      onDown.run();
    }
  }

  /**
   * Turns the tier degraded after the probe got answers from some masters of a cluster, but not
   * from those that serve {@code slots}, for {@code fault}, which names them; logs a warning when
   * they change. Calls for other slots coordinate, and waiting callers of any slot go on waiting:
   * the probe wakes those of the slots that do not answer.
   */
  void degraded(Fault fault, BitSet slots) {
    FleetState was;
    boolean changed;
    CompletableFuture<Void> up;
    synchronized (this) {
      lastProblem = new Problem(fault.text(), Instant.now());
      was = state;
      changed = was != FleetState.DEGRADED || !slots.equals(downSlots);
      if (was == FleetState.COORDINATING) {
        outages.increment();
      }
      downSlots = slots;
      state = FleetState.DEGRADED;
      failedInARow.set(0);
      up = nextUp;
    }
    if (changed) {
      LOG.log(
          Level.WARNING,
          "{0}: Redis {1}; calls for its keys go on as local collapse until it answers again or "
              + "its replica takes over, and the other calls coordinate",
          name,
          fault.text());
    }
    up.complete(null);
  }

  /** Turns the tier to coordinating after the probe got an answer, unless it is already. */
  void answered() {
    FleetState was;
    CompletableFuture<Void> up;
    String mended = null;
    synchronized (this) {
      was = state;
      if (was == FleetState.COORDINATING) {
        return;
      }
      state = FleetState.COORDINATING;
      downSlots = new BitSet();
      up = nextUp;
      failedInARow.set(0);
      if (was == FleetState.MISCONFIGURED && loggedFault != null && !loggedFaultMended) {
        loggedFaultMended = true;
        mended = loggedFault;
      }
    }
    if (mended != null) {
      LOG.log(
          Level.INFO,
          "{0}: mended, calls coordinate through Redis again (it was: {1})",
          name,
          mended);
    } else if (was == FleetState.FAILING_OPEN) {
      LOG.log(Level.INFO, "{0}: Redis answers again; calls coordinate through it", name);
    } else if (was == FleetState.DEGRADED) {
      LOG.log(Level.INFO, "{0}: every master of Redis answers; every call coordinates", name);
    }
    up.complete(null);
  }

  /** Turns the tier off for good, without a warning: the coordinator closes. */
  void stop() {
    synchronized (this) {
      state = FleetState.FAILING_OPEN;
    }
    onDown.run();
  }

  /** Returns a future that completes when the tier is up: at once if it is up now. */
  synchronized CompletableFuture<Void> whenUp() {
    return Objects.requireNonNull(nextUp);
  }

  /** A problem the tier met, and when. */
  private record Problem(String text, Instant at) {}
}
