package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Hazard: a caller leaves a queued call ({@link BatchEngine#leave}, which checks the state outside
 * the lock and removes the call under it) while the engine takes the queue into a batch. The call
 * must end either outside every batch, or inside the batch and marked as left so that the batch
 * drops its output; and the count of pending inputs must come back to zero either way - a count
 * that drifts rejects inputs that should be accepted (maxPendingInputs) or keeps close() waiting
 * forever.
 *
 * <p>Result: whether the call is in the batch (1) or not (0), its state (6 = LEFT), and the pending
 * count afterwards.
 */
public final class LeaveTakeStress {

  private LeaveTakeStress() {}

  /** The queue is taken when the running batch gives its slot back ({@link BatchEngine#finish}). */
  @JCStressTest
  @Outcome(id = "0, 6, 0", expect = ACCEPTABLE, desc = "left while queued; no batch holds it")
  @Outcome(
      id = "1, 6, 0",
      expect = ACCEPTABLE,
      desc = "taken first, then left; its batch drops the output")
  @Outcome(expect = FORBIDDEN, desc = "lost, left twice, or the pending count drifted")
  @State
  public static class Finish {

    private final BatchEngine<String, String> engine = StressSupport.engine(1);
    private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
    private final Batch<String, String> running;
    private final Call<String, String> call = StressSupport.blockingCall("x");

    public Finish() {
      engine.submit(StressSupport.blockingCall("running"), recorder);
      running = recorder.last();
      engine.submit(call, recorder);
    }

    @Actor
    public void caller() {
      engine.leave(call, null);
    }

    @Actor
    public void engine() {
      engine.finish(running, recorder);
    }

    @Arbiter
    public void arbiter(III_Result r) {
      r.r1 = recorder.offeredAfter(1, call) ? 1 : 0;
      r.r2 = call.state();
      r.r3 = engine.queue().pending();
    }
  }

  /**
   * The queue is taken when a batch that waited for more inputs closes ({@link BatchEngine#seal}).
   */
  @JCStressTest
  @Outcome(id = "0, 6, 0", expect = ACCEPTABLE, desc = "left while queued; the batch lacks it")
  @Outcome(
      id = "1, 6, 0",
      expect = ACCEPTABLE,
      desc = "sealed into the batch first, then left; the batch drops the output")
  @Outcome(expect = FORBIDDEN, desc = "lost, left twice, or the pending count drifted")
  @State
  public static class Seal {

    private final BatchEngine<String, String> engine = StressSupport.collectingEngine();
    private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
    private final Batch<String, String> collecting;
    private final Call<String, String> call = StressSupport.blockingCall("x");

    public Seal() {
      engine.submit(StressSupport.blockingCall("first"), recorder);
      collecting = recorder.last();
      if (!collecting.isCollecting()) {
        throw new AssertionError("the first batch should wait for more inputs");
      }
      engine.submit(call, recorder);
    }

    @Actor
    public void caller() {
      engine.leave(call, null);
    }

    @Actor
    public void engine() {
      engine.seal(collecting, recorder);
    }

    @Arbiter
    public void arbiter(III_Result r) {
      r.r1 = collecting.contains(call) ? 1 : 0;
      r.r2 = call.state();
      r.r3 = engine.queue().pending();
    }
  }
}
