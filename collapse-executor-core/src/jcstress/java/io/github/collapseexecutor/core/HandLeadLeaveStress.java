package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.TimeoutException;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazard: the blocking flavour's leader hand-off. When a slot frees up, the engine starts the next
 * batch and asks its first waiting caller to lead it (TAKEN to LEAD, then an unpark). At the same
 * moment that caller times out and leaves (TAKEN to LEFT, or - if it was asked first - LEAD to LEFT
 * followed by passing the batch on). Whatever the order, the batch must end up with exactly one
 * leader while a caller still waits in it, and must give its slot back when none does.
 */
public final class HandLeadLeaveStress {

  private HandLeadLeaveStress() {}

  /**
   * Two callers wait in the batch; the first leaves. The second must lead it, exactly once, and the
   * batch keeps its slot.
   *
   * <p>Result: first call's state, second call's state (2 = LEAD, 6 = LEFT), and whether a probe
   * submitted afterwards found a free slot (1) or queued (0).
   */
  @JCStressTest
  @Outcome(
      id = "6, 2, 0",
      expect = ACCEPTABLE,
      desc = "the leaving caller is out, the other one leads, the slot stays taken")
  @Outcome(id = "6, 1, .*", expect = FORBIDDEN, desc = "nobody leads the batch: its callers hang")
  @Outcome(id = "2, 2, .*", expect = FORBIDDEN, desc = "two leaders for one batch")
  @Outcome(expect = FORBIDDEN, desc = "any other end of the hand-off")
  @State
  public static class TwoCallers {

    private final BatchEngine<String, String> engine = StressSupport.engine(1);
    private final BlockingCaller<String, String> caller = StressSupport.blockingCaller(engine);
    private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
    private final Batch<String, String> running;
    private final Call<String, String> leaving = StressSupport.blockingCall("leaving");
    private final Call<String, String> staying = StressSupport.blockingCall("staying");

    public TwoCallers() {
      engine.submit(StressSupport.blockingCall("running"), recorder);
      running = recorder.last();
      engine.submit(leaving, recorder);
      engine.submit(staying, recorder);
    }

    @Actor
    public void engine() {
      engine.finish(running, StressSupport.handLead());
    }

    @Actor
    public void caller() {
      StressSupport.leave(caller, leaving, new TimeoutException());
    }

    @Arbiter
    public void arbiter(III_Result r) {
      r.r1 = leaving.state();
      r.r2 = staying.state();
      int before = recorder.offered.size();
      engine.submit(StressSupport.blockingCall("probe"), recorder);
      r.r3 = recorder.offered.size() - before;
    }
  }

  /**
   * The only caller of the batch leaves. Nobody can lead it, so the engine must drop it and free
   * its slot for the next input.
   *
   * <p>Result: the call's state (6 = LEFT), and whether a probe submitted afterwards found a free
   * slot (1) or queued behind a slot that leaked (0).
   */
  @JCStressTest
  @Outcome(id = "6, 1", expect = ACCEPTABLE, desc = "the caller is out and the slot is free")
  @Outcome(id = "6, 0", expect = FORBIDDEN, desc = "the dropped batch kept its slot")
  @Outcome(expect = FORBIDDEN, desc = "the caller did not leave")
  @State
  public static class LoneCaller {

    private final BatchEngine<String, String> engine = StressSupport.engine(1);
    private final BlockingCaller<String, String> caller = StressSupport.blockingCaller(engine);
    private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
    private final Batch<String, String> running;
    private final Call<String, String> leaving = StressSupport.blockingCall("leaving");

    public LoneCaller() {
      engine.submit(StressSupport.blockingCall("running"), recorder);
      running = recorder.last();
      engine.submit(leaving, recorder);
    }

    @Actor
    public void engine() {
      engine.finish(running, StressSupport.handLead());
    }

    @Actor
    public void caller() {
      StressSupport.leave(caller, leaving, new TimeoutException());
    }

    @Arbiter
    public void arbiter(II_Result r) {
      r.r1 = leaving.state();
      int before = recorder.offered.size();
      engine.submit(StressSupport.blockingCall("probe"), recorder);
      r.r2 = recorder.offered.size() - before;
    }
  }
}
