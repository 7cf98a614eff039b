package io.github.collapseexecutor.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.infra.results.IL_Result;

/**
 * Hazard: what a hand-off publishes with a state the caller reads. A call's batch, and its output,
 * are plain fields written before a released state; the caller reads the state, then the field.
 * A caller that sees its call asked to lead must find the batch it is to run, and one that sees its
 * call done must find its output, never what was there before.
 */
public final class PublishedHandOffStress {

  private PublishedHandOffStress() {}

  /**
   * A slot frees up while a call waits in the queue: the engine takes it into the next batch and
   * asks it to lead, while its caller looks at the state once.
   *
   * <p>Result: the state the caller saw (0 = QUEUED, 1 = TAKEN, 2 = LEAD), and whether the batch
   * it took the lead of holds its call (1), or -1 if it was not asked yet.
   */
  @JCStressTest
  @Outcome(id = "0, -1", expect = ACCEPTABLE, desc = "still queued: the caller goes on waiting")
  @Outcome(id = "1, -1", expect = ACCEPTABLE, desc = "taken, not asked yet: the caller waits")
  @Outcome(id = "2, 1", expect = ACCEPTABLE, desc = "asked to lead: the caller runs its batch")
  @Outcome(id = "2, 0", expect = FORBIDDEN, desc = "asked to lead another batch than its own")
  @Outcome(expect = FORBIDDEN, desc = "any other end of the hand-off")
  @State
  public static class LeadTaken {

    private final BatchEngine<String, String> engine = StressSupport.engine(1);
    private final StressSupport.RecordingSink recorder = new StressSupport.RecordingSink();
    private final Batch<String, String> running;
    private final Call<String, String> waiting = StressSupport.blockingCall("waiting");

    public LeadTaken() {
      engine.submit(StressSupport.blockingCall("running"), recorder);
      running = recorder.last();
      engine.submit(waiting, recorder);
    }

    @Actor
    public void engine() {
      engine.finish(running, StressSupport.handLead());
    }

    @Actor
    public void caller(II_Result r) {
      int state = waiting.state();
      r.r1 = state;
      // takeLead throws if the batch is not there: jcstress reports that as an error
      r.r2 = state == Call.LEAD ? (waiting.takeLead().contains(waiting) ? 1 : 0) : -1;
    }
  }

  /**
   * The run settles a taken call while its caller looks at the state once.
   *
   * <p>Result: the state the caller saw (1 = TAKEN, 4 = COMPLETING, 5 = DONE), and the output it
   * read once the state was DONE, or null before.
   */
  @JCStressTest
  @Outcome(id = "1, null", expect = ACCEPTABLE, desc = "not settled yet: the caller waits")
  @Outcome(id = "4, null", expect = ACCEPTABLE, desc = "being settled: the caller waits")
  @Outcome(id = "5, out", expect = ACCEPTABLE, desc = "settled: the caller has its output")
  @Outcome(id = "5, null", expect = FORBIDDEN, desc = "settled, but the output is not there")
  @Outcome(expect = FORBIDDEN, desc = "any other end of the hand-off")
  @State
  public static class OutputSettled {

    private final Call<String, String> call = StressSupport.blockingCall("settled");

    public OutputSettled() {
      StressSupport.engine(1).submit(call, new StressSupport.RecordingSink());
    }

    @Actor
    public void run() {
      call.settle(StressSupport.OUTPUT, null);
    }

    @Actor
    public void caller(IL_Result r) {
      int state = call.state();
      r.r1 = state;
      r.r2 = state == Call.DONE ? call.outcome() : null;
    }
  }
}
