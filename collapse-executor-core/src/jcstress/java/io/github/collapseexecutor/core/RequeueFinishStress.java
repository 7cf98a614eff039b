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
 * Hazard: a blocking batch whose running caller is interrupted gives the other callers' inputs
 * back to the queue ({@link BatchEngine#requeue}) and then fails whatever it left unsettled
 * ({@link BatchRuns#failUnsettled}). With two slots, the other slot may finish in between and take
 * the requeued calls into a new batch. Those calls now belong to the new batch: the interrupted
 * batch must not fail them, or their callers receive the interruption meant for another thread,
 * and the new batch's {@code bindingOutput} then finds its inputs already settled.
 *
 * <p>Two callers' calls are requeued. Result: the first call's state (2 = LEAD of the new batch,
 * 5 = DONE), the second call's state (1 = TAKEN, waiting in the new batch; 2 = LEAD; 5 = DONE), and
 * whether the second call holds a failure (1) or not (0).
 */
@JCStressTest
@Outcome(
    id = "2, 1, 0",
    expect = ACCEPTABLE,
    desc = "requeued and taken anew: one caller leads the new batch, the other waits in it")
@Outcome(
    id = "2, 5, 1",
    expect = FORBIDDEN,
    desc = "the new batch took the call, then the interrupted batch failed it")
@Outcome(
    id = {"5, 5, 1", "5, 2, 0"},
    expect = FORBIDDEN,
    desc =
        "the new batch took both calls, then the interrupted batch failed before a leader was"
            + " picked")
@Outcome(expect = FORBIDDEN, desc = "any other end")
@State
public class RequeueFinishStress {

  private final BatchEngine<String, String> engine = StressSupport.engine(2);
  private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
  private final Batch<String, String> interrupted;
  private final Batch<String, String> other;
  private final Call<String, String> first = StressSupport.blockingCall("first");
  private final Call<String, String> second = StressSupport.blockingCall("second");

  public RequeueFinishStress() {
    engine.submit(StressSupport.blockingCall("other"), recorder);
    other = recorder.last();
    engine.submit(StressSupport.blockingCall("soon done"), recorder);
    Batch<String, String> soonDone = recorder.last();
    engine.submit(first, recorder);
    engine.submit(second, recorder);
    engine.finish(soonDone, recorder);
    interrupted = recorder.last();
    if (interrupted.size() != 2) {
      throw new AssertionError("both calls should share one batch: " + interrupted.liveCalls());
    }
  }

  @Actor
  public void interruptedBatch() {
    BatchRunner.onCallers(
            engine,
            StressSupport.handLead(),
            inputs -> {
              throw new InterruptedException();
            },
            (output, calls) -> {})
        .run(interrupted);
  }

  @Actor
  public void otherSlot() {
    engine.finish(other, StressSupport.handLead());
  }

  @Arbiter
  public void arbiter(III_Result r) {
    r.r1 = first.state();
    r.r2 = second.state();
    r.r3 = failed(second) ? 1 : 0;
  }

  /** Whether the call was settled with a failure: its outcome throws it. */
  private static boolean failed(Call<?, ?> call) {
    try {
      call.outcome();
      return false;
    } catch (Throwable failure) {
      return true;
    }
  }
}
