package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Hazard: a caller cancels its {@link CallerFuture} while the engine settles the call behind it.
 * The future decides: exactly one of the two completes it. The leave hook - which tells the engine
 * the caller is gone - must run exactly when the caller's cancel won, never when the output
 * reached the caller.
 *
 * <p>Result: whether cancel returned true (1) or false (0); the future's end (1 = the output,
 * 2 = cancelled); how many times the leave hook ran; the call's final state (5 = DONE, 6 = LEFT).
 */
public final class CancelSettleStress {

  private CancelSettleStress() {}

  /** The batch is running and its binding step settles the call directly. */
  @JCStressTest
  @Outcome(id = "0, 1, 0, 5", expect = ACCEPTABLE, desc = "engine first: the caller has the output")
  @Outcome(
      id = "1, 2, 1, 6",
      expect = ACCEPTABLE,
      desc = "caller first: the call is marked left and its output will be dropped")
  @Outcome(
      id = "1, 2, 1, 5",
      expect = ACCEPTABLE_INTERESTING,
      desc =
          "the engine claimed the call, but the caller cancelled the future before the output"
              + " reached it: the caller won, the output is dropped")
  @Outcome(expect = FORBIDDEN, desc = "both won, neither won, or the hook ran for the loser")
  @State
  public static class Taken extends Race {

    @Actor
    public void engine() {
      call.settle(StressSupport.OUTPUT, null);
    }

    @Actor
    public void caller(IIII_Result r) {
      cancel(r);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      observe(r);
    }
  }

  /**
   * The binding step bound a future to the call ({@link FutureBundle#bindOutput}, so the call is
   * BOUND); that future now completes and settles the call.
   */
  @JCStressTest
  @Outcome(id = "0, 1, 0, 5", expect = ACCEPTABLE, desc = "engine first: the caller has the output")
  @Outcome(
      id = "1, 2, 1, 6",
      expect = ACCEPTABLE,
      desc = "caller first: the call is marked left and its output will be dropped")
  @Outcome(
      id = "1, 2, 1, 5",
      expect = ACCEPTABLE_INTERESTING,
      desc =
          "the engine claimed the call, but the caller cancelled the future before the output"
              + " reached it: the caller won, the output is dropped")
  @Outcome(expect = FORBIDDEN, desc = "both won, neither won, or the hook ran for the loser")
  @State
  public static class Bound extends Race {

    public Bound() {
      if (!call.markBound()) {
        throw new AssertionError("a taken call should accept a bound future");
      }
    }

    @Actor
    public void engine() {
      call.settle(StressSupport.OUTPUT, null);
    }

    @Actor
    public void caller(IIII_Result r) {
      cancel(r);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      observe(r);
    }
  }

  /** A future-returning call taken into a running batch, with a leave hook that counts. */
  abstract static class Race {

    final BatchEngine<String, String> engine = StressSupport.engine(1);
    final Call<String, String> call = engine.calls().withFuture("x");
    final AtomicInteger leaves = new AtomicInteger();

    Race() {
      // the same hook the engine installs, counted
      call.future()
          .owner(
              failure -> {
                leaves.incrementAndGet();
                engine.leave(call, failure);
              });
      engine.submit(call, new StressSupport.RecordingSink());
    }

    final void cancel(IIII_Result r) {
      r.r1 = call.future().cancel(/* mayInterruptIfRunning= */ false) ? 1 : 0;
    }

    final void observe(IIII_Result r) {
      CallerFuture<String> future = call.future();
      if (future.isCancelled()) {
        r.r2 = 2;
      } else {
        r.r2 = StressSupport.OUTPUT.equals(future.getNow(null)) ? 1 : 0;
      }
      r.r3 = leaves.get();
      r.r4 = call.state();
    }
  }
}
