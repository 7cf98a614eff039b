package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazard: a lone call takes a free slot without the engine lock while {@code close()} decides,
 * from the slots in use, that nothing runs any more and ends the executor (for the async flavours,
 * it shuts their pool down). The call would then start a batch on an executor that has ended, or
 * the executor would end twice, or never.
 *
 * <p>Result: whether the call was accepted (1: a batch started, which the arbiter finishes) or
 * refused as closed (0), and how many times the executor ended.
 */
@JCStressTest
@Outcome(
    id = "1, 1",
    expect = ACCEPTABLE,
    desc = "the call came first: it ran, and the executor ended when its batch did")
@Outcome(
    id = "0, 1",
    expect = ACCEPTABLE,
    desc = "close came first: the call was refused and the executor ended once")
@Outcome(
    id = {"1, 0", "0, 0"},
    expect = FORBIDDEN,
    desc = "the executor never ended")
@Outcome(expect = FORBIDDEN, desc = "ended more than once, or any other end")
@State
public class CloseStartStress {

  private final BatchEngine<String, String> engine = StressSupport.engine(1);
  private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
  private final AtomicInteger ended = new AtomicInteger();
  private volatile int accepted;

  public CloseStartStress() {
    engine.onTerminated(ended::incrementAndGet);
  }

  @Actor
  public void close() {
    engine.close();
  }

  @Actor
  public void call() {
    try {
      engine.submit(StressSupport.blockingCall("lone"), recorder);
      accepted = 1;
    } catch (IllegalStateException closed) {
      accepted = 0;
    }
  }

  @Arbiter
  public void arbiter(II_Result r) {
    if (accepted == 1) {
      if (ended.get() != 0) {
        r.r1 = -1; // ended while a batch still held its slot
        r.r2 = ended.get();
        return;
      }
      engine.finish(recorder.last(), recorder);
    }
    r.r1 = accepted;
    r.r2 = ended.get();
  }
}
