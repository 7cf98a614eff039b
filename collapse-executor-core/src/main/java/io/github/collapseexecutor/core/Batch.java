package io.github.collapseexecutor.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The calls taken together for one {@code doExecute}. A batch holds one of its executor's slots
 * from the moment it is taken until {@link BatchEngine#finish} gives the slot back.
 */
final class Batch<I, O> {

  final BatchEngine.Group<I, O> group;
  final ArrayList<Call<I, O>> calls = new ArrayList<>(4);
  /** Set while the batch waits for more inputs before it starts; written under the engine lock. */
  volatile boolean collecting;
  /** Ends the collecting wait early; run by a submission that fills the batch up. */
  volatile Runnable wakeUp;
  /** Links batches started together; guarded by the engine lock. */
  Batch<I, O> nextStarted;
  /** Where the slot goes if a hand-out gives it back early; see {@link HeldSlots}. */
  BatchEngine.Sink<I, O> releaseTo;

  Batch(BatchEngine.Group<I, O> group) {
    this.group = group;
  }

  /** Sets what ends the collecting wait early when a submission fills the batch up. */
  public void wakeUp(Runnable wakeUp) {
    this.wakeUp = wakeUp;
  }

  /** Whether the batch still accepts inputs before it starts. */
  public boolean isCollecting() {
    return collecting;
  }

  /** Returns the calls whose callers still wait: the ones {@code doExecute} is given. */
  public List<Call<I, O>> liveCalls() {
    ArrayList<Call<I, O>> live = null;
    for (int i = 0; i < calls.size(); i++) {
      Call<I, O> call = calls.get(i);
      if (call.state() == Call.LEFT) {
        if (live == null) {
          live = new ArrayList<>(calls.subList(0, i));
        }
      } else if (live != null) {
        live.add(call);
      }
    }
    return live == null ? calls : live;
  }

  /** Returns the submission time of the oldest input. */
  long firstSubmittedNanos() {
    return calls.get(0).submittedNanos;
  }

  int size() {
    return calls.size();
  }
}
