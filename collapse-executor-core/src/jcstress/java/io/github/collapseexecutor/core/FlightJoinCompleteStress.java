package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.util.concurrent.CompletableFuture;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazard: a same-key caller joins the flight in progress ({@link FlightMap#joinOrStart}, which
 * calls {@link Flight#tryJoin}) while the flight's leader completes it ({@link FlightMap#complete},
 * which closes it to joiners first). A caller that joined must receive that run's result; a caller
 * that came too late must not join, and starts a run of its own instead - it must never be handed
 * the result of a run that was finished before it arrived.
 */
public final class FlightJoinCompleteStress {

  private static final String KEY = "key";
  private static final String RESULT = "result";

  private FlightJoinCompleteStress() {}

  /**
   * Joined means sees the result.
   *
   * <p>Result: whether the caller joined the running flight (1) or started its own (0), then
   * whether it got what it is owed: the run's result if it joined, its own registered flight,
   * still running, if it did not (1 = yes, 0 = no).
   */
  @JCStressTest
  @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "joined in time and got the run's result")
  @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "too late to join; started its own run")
  @Outcome(expect = FORBIDDEN, desc = "joined but never got the result, or started nothing")
  @State
  public static class Result {

    private final FlightMap flights = new FlightMap("stress", CollapseListener.NONE);
    private final Flight first = new Flight(0L);
    private Flight mine;
    private Flight got;
    private CompletableFuture<Object> joiner;

    public Result() {
      if (flights.joinOrStart(KEY, first) != first) {
        throw new AssertionError("the first caller should start the flight");
      }
    }

    @Actor
    public void joiner() {
      mine = new Flight(0L);
      got = flights.joinOrStart(KEY, mine);
      joiner = got.newCaller();
    }

    @Actor
    public void leader() {
      flights.complete(KEY, first, RESULT, null);
    }

    @Arbiter
    public void arbiter(II_Result r) {
      if (got == first) {
        r.r1 = 1;
        r.r2 = RESULT.equals(joiner.getNow(null)) ? 1 : 0;
      } else {
        r.r1 = 0;
        boolean ownRunRegistered =
            got == mine && !mine.isCompleted() && flights.joinOrStart(KEY, new Flight(0L)) == mine;
        r.r2 = ownRunRegistered ? 1 : 0;
      }
    }
  }

  /**
   * The completed run reports how many callers it served ({@link BatchReport#size}, from
   * {@link Flight#close}, "how many joined it"). A caller that joined in time must be counted.
   *
   * <p>Result: whether the caller joined (1) or not (0), and the size reported for the first run.
   */
  @JCStressTest
  @Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "joined and counted")
  @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "did not join; the leader ran alone")
  @Outcome(
      id = "1, 1",
      expect = FORBIDDEN,
      desc = "joined, got the result, but the report says the run served one caller")
  @Outcome(expect = FORBIDDEN, desc = "any other count")
  @State
  public static class ReportedSize implements CollapseListener {

    private final FlightMap flights = new FlightMap("stress", this);
    private final Flight first = new Flight(0L);
    private volatile int reportedSize = -1;
    private Flight got;

    public ReportedSize() {
      flights.joinOrStart(KEY, first);
    }

    @Override
    public void batchCompleted(BatchReport report) {
      reportedSize = report.size();
    }

    @Actor
    public void joiner() {
      got = flights.joinOrStart(KEY, new Flight(0L));
    }

    @Actor
    public void leader() {
      flights.complete(KEY, first, RESULT, null);
    }

    @Arbiter
    public void arbiter(II_Result r) {
      r.r1 = got == first ? 1 : 0;
      r.r2 = reportedSize;
    }
  }
}
