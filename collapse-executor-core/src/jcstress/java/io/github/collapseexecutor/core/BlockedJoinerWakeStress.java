package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.TimeUnit;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazard: a blocked same-key caller ({@link Flight#awaitCompletion}, the blocking flavour's
 * joiner) puts itself in the flight's caller list and parks, while the leader completes the flight
 * ({@link FlightMap#complete}, which takes the list and wakes everyone in it). Whichever comes
 * first, the caller must wake with the run's result: a caller that enters the list after it was
 * taken, or parks after it was woken, would sleep until its timeout.
 *
 * <p>Result: whether the caller saw the run complete before its timeout of a second (1) or timed
 * out (0), then whether it read the run's result (1) or not (0).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "woken with the result")
@Outcome(
    id = "0, 0",
    expect = FORBIDDEN,
    desc = "slept until its timeout: the wake-up was lost (or the machine stalled for a second)")
@Outcome(expect = FORBIDDEN, desc = "woken without the result")
@State
public class BlockedJoinerWakeStress {

  private static final String KEY = "key";
  private static final String RESULT = "result";
  private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final FlightMap flights = new FlightMap("stress", CollapseListener.NONE);
  private final Flight flight = new Flight(0L);

  public BlockedJoinerWakeStress() {
    if (flights.joinOrStart(KEY, flight) != flight
        || flights.joinOrStart(KEY, new Flight(0L)) != flight) {
      throw new AssertionError("the second caller should join the first one's flight");
    }
  }

  @Actor
  public void joiner(II_Result r) {
    boolean completed;
    try {
      completed = flight.awaitCompletion(TIMEOUT_NANOS, System.nanoTime() + TIMEOUT_NANOS);
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
    r.r1 = completed ? 1 : 0;
    r.r2 = completed && RESULT.equals(flight.outcome()) ? 1 : 0;
  }

  @Actor
  public void leader() {
    flights.complete(KEY, flight, RESULT, null);
  }
}
