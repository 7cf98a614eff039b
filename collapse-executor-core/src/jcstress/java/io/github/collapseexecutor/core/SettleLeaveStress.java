package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.TimeoutException;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazard: the engine binds an output to a call that is in a running batch ({@link Call#settle})
 * while the call's blocking caller times out and leaves it (the blocking caller's {@code leave}).
 * Exactly one side must win: either the caller takes the output, or the caller gives up and the
 * output is dropped. Never both, and never neither - a caller that throws a time-out although the
 * engine considers its output delivered loses an output nobody else will see.
 *
 * <p>Result: the call's final state (5 = DONE, 6 = LEFT), then what the caller does (0 = takes the
 * output, 1 = gives up, 2 = takes something other than the output).
 */
@JCStressTest
@Outcome(
    id = "5, 0",
    expect = ACCEPTABLE,
    desc = "engine settled first; the caller takes the output")
@Outcome(id = "6, 1", expect = ACCEPTABLE, desc = "caller left first; the engine drops the output")
@Outcome(
    id = "5, 1",
    expect = FORBIDDEN,
    desc = "settled, yet the caller gives up: the output reaches nobody")
@Outcome(expect = FORBIDDEN, desc = "both or neither side won")
@State
public class SettleLeaveStress {

  private final BatchEngine<String, String> engine = StressSupport.engine(1);
  private final BlockingCaller<String, String> caller = StressSupport.blockingCaller(engine);
  private final Call<String, String> call = StressSupport.blockingCall("x");

  public SettleLeaveStress() {
    engine.submit(call, new StressSupport.RecordingSink());
  }

  @Actor
  public void engine() {
    call.settle(StressSupport.OUTPUT, null);
  }

  @Actor
  public void caller(II_Result r) {
    if (StressSupport.leave(caller, call, new TimeoutException())) {
      r.r2 = 1;
    } else {
      r.r2 = StressSupport.OUTPUT.equals(call.outcome()) ? 0 : 2;
    }
  }

  @Arbiter
  public void arbiter(II_Result r) {
    r.r1 = call.state();
  }
}
