package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.CompletableFuture;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazards of pruning a flight's caller list: a caller that leaves starts a pruning, which relinks
 * the list below its head to drop the callers that left, while the list changes in other ways.
 * Every caller still waiting must get the result whatever runs first: a caller dropped by mistake
 * would wait forever.
 *
 * <p>Each state starts with a flight whose list holds, oldest first: a caller that stays, one short
 * of enough callers that left to prune, a second caller that stays, and the caller whose leaving
 * starts the pruning. Result: whether the first caller that stays got the result, whether the
 * second did, and, where a caller joins during the race, whether it got the result too (1 = yes,
 * 0 = no).
 */
public final class PruneStress {

  private static final String KEY = "key";
  private static final String RESULT = "result";

  private PruneStress() {}

  /** The flight completes, handing out its result along the list, while a pruning relinks it. */
  @JCStressTest
  @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "both waiting callers got the result")
  @Outcome(expect = FORBIDDEN, desc = "a waiting caller was lost")
  @State
  public static class Completing extends Start {

    @Actor
    public void leave() {
      leaving.cancel(/* mayInterruptIfRunning= */ false);
    }

    @Actor
    public void complete() {
      flights.complete(KEY, flight, RESULT, null);
    }

    @Arbiter
    public void arbiter(II_Result r) {
      r.r1 = RESULT.equals(first.getNow(null)) ? 1 : 0;
      r.r2 = RESULT.equals(later.getNow(null)) ? 1 : 0;
    }
  }

  /** A caller joins, swapping the list's head, while a pruning relinks the list below it. */
  @JCStressTest
  @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "every waiting caller got the result")
  @Outcome(expect = FORBIDDEN, desc = "a waiting caller was lost")
  @State
  public static class Joining extends Start {

    private CompletableFuture<Object> joiner;

    @Actor
    public void leave() {
      leaving.cancel(/* mayInterruptIfRunning= */ false);
    }

    @Actor
    public void join() {
      joiner = joinFlight();
    }

    @Arbiter
    public void arbiter(III_Result r) {
      flights.complete(KEY, flight, RESULT, null);
      r.r1 = RESULT.equals(first.getNow(null)) ? 1 : 0;
      r.r2 = RESULT.equals(later.getNow(null)) ? 1 : 0;
      r.r3 = RESULT.equals(joiner.getNow(null)) ? 1 : 0;
    }
  }

  /** The flight and its callers before the race. */
  abstract static class Start {

    final FlightMap flights = new FlightMap("stress", CollapseListener.NONE);
    final Flight flight = new Flight(0L);
    final CompletableFuture<Object> first;
    final CompletableFuture<Object> later;
    final CompletableFuture<Object> leaving;

    Start() {
      flights.joinOrStart(KEY, flight);
      first = flight.newCaller();
      for (int i = 1; i < Flight.PRUNE_AFTER_LEFT; i++) {
        joinFlight().cancel(/* mayInterruptIfRunning= */ false);
      }
      later = joinFlight();
      leaving = joinFlight();
    }

    final CompletableFuture<Object> joinFlight() {
      if (flights.joinOrStart(KEY, new Flight(0L)) != flight) {
        throw new AssertionError("the flight should be in progress");
      }
      return flight.newCaller();
    }
  }
}
