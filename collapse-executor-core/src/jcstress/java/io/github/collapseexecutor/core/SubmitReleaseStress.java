package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazard: a batch gives its slot back without the engine lock when it sees nothing queued, while a
 * submission that found every slot busy queues its input under the lock. If the batch reads the
 * queue as empty and the submission reads the slot as busy, the input waits beside a free slot and
 * its caller hangs.
 *
 * <p>One slot, held by a running batch. Result: whether the submitted call was put into a started
 * batch (1) or not (0), and how many slots are in use afterwards.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the call got the freed slot, from either side")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "the call waits while the slot is free")
@Outcome(expect = FORBIDDEN, desc = "any other end")
@State
public class SubmitReleaseStress {

  private final BatchEngine<String, String> engine = StressSupport.engine(1);
  private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
  private final Batch<String, String> running;
  private final Call<String, String> late = StressSupport.blockingCall("late");

  public SubmitReleaseStress() {
    engine.submit(StressSupport.blockingCall("running"), recorder);
    running = recorder.last();
  }

  @Actor
  public void batchEnds() {
    engine.finish(running, recorder);
  }

  @Actor
  public void callArrives() {
    engine.submit(late, recorder);
  }

  @Arbiter
  public void arbiter(II_Result r) {
    r.r1 = recorder.offeredAfter(1, late) ? 1 : 0;
    r.r2 = StressSupport.slotsInUse(engine);
  }
}
