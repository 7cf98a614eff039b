package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.Executor;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Hazard: {@code setExecutor} checks that no work has run and sets its executor while the first
 * call fixes the executor to run on. A setter that saw no work, and set its executor after the
 * call had fixed the options' one, would return as if it had taken effect while the work runs
 * elsewhere.
 *
 * <p>Result: whether the setter was accepted (1) or refused (0), and which executor the first use
 * got: the options' (1) or the one set (2).
 */
@JCStressTest
@Outcome(
    id = "1, 2",
    expect = ACCEPTABLE,
    desc = "the setter came first: the work runs on its executor")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the call came first: the setter was refused")
@Outcome(
    id = "1, 1",
    expect = FORBIDDEN,
    desc = "the setter was accepted, but the work runs elsewhere")
@Outcome(expect = FORBIDDEN, desc = "any other end")
@State
public class SetExecutorFirstUseStress {

  private final Executor fromOptions = Runnable::run;
  private final Executor set = Runnable::run;
  private final ExecutorHolder holder =
      new ExecutorHolder("profiles", "GroupCollapseExecutorOptions", fromOptions);

  @Actor
  public void setExecutor(II_Result r) {
    try {
      holder.set(set);
      r.r1 = 1;
    } catch (IllegalStateException refused) {
      r.r1 = 0;
    }
  }

  @Actor
  public void firstCall(II_Result r) {
    Executor used = holder.get();
    r.r2 = used == fromOptions ? 1 : used == set ? 2 : -1;
  }
}
