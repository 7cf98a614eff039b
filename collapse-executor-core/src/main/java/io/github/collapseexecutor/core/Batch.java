package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The calls taken together for one {@code doExecute}. A batch holds one of its executor's slots
 * from the moment it is taken until {@link BatchEngine#finish} gives the slot back. Once it runs,
 * it also keeps what its run serves: the calls whose callers still wait, and when it started.
 */
final class Batch<I, O> {

  private final BatchGroup<I, O> group;
  private final List<Call<I, O>> calls;

  /** Set while the batch waits for more inputs before it starts; written under the engine lock. */
  private volatile boolean collecting;

  /** Ends the collecting wait early; run by a submission that fills the batch up. */
  private volatile @Nullable Runnable wakeUp;

  /** Links batches started together; guarded by the engine lock. */
  private @Nullable Batch<I, O> next;

  /** Where the slot goes if a hand-out gives it back early; see {@link HeldSlots}. */
  private @Nullable BatchDispatcher<I, O> releaseTo;

  /** The calls the run serves; confined to the threads that run it, one after the other. */
  private List<Call<I, O>> live = List.of();

  private long startNanos;

  /** Whether this batch started as its one call was submitted, without a queue or a lock. */
  private final boolean startedAlone;

  /** How many batches were in the backend when this one's call began; see {@link BatchLimit}. */
  private int backendLevel;

  /** Creates an empty batch, which takes calls from its group's queue. */
  Batch(BatchGroup<I, O> group) {
    this.group = group;
    this.calls = new ArrayList<>(4);
    this.startedAlone = false;
  }

  private Batch(BatchGroup<I, O> group, Call<I, O> call) {
    this.group = group;
    // never takes another call: the smallest list will do
    this.calls = List.of(call);
    this.startedAlone = true;
    call.take(this);
  }

  /** Returns a batch of {@code call} alone, started as it was submitted, without a queue. */
  static <I, O> Batch<I, O> alone(BatchGroup<I, O> group, Call<I, O> call) {
    return new Batch<>(group, call);
  }

  BatchGroup<I, O> group() {
    return group;
  }

  /** Takes a call into this batch, which is not one {@linkplain #alone alone}. */
  void add(Call<I, O> call) {
    call.take(this);
    calls.add(call);
  }

  boolean contains(Call<I, O> call) {
    return calls.contains(call);
  }

  int size() {
    return calls.size();
  }

  /** Returns the submission time of the oldest input. */
  long firstSubmittedNanos() {
    return calls.get(0).submittedNanos();
  }

  /** Whether the batch still accepts inputs before it starts. */
  boolean isCollecting() {
    return collecting;
  }

  /** Keeps the batch open to inputs of its group; under the engine lock. */
  void startCollecting() {
    collecting = true;
    group.collecting(this);
  }

  /** Closes the batch to new inputs; under the engine lock. False if it was not collecting. */
  boolean stopCollecting() {
    if (!collecting) {
      return false;
    }
    collecting = false;
    group.collecting(null);
    return true;
  }

  /** Sets what ends the collecting wait early when a submission fills the batch up. */
  void wakeUp(@Nullable Runnable wakeUp) {
    this.wakeUp = wakeUp;
  }

  /** Returns what ends the collecting wait early, or null. */
  @Nullable Runnable wakeUp() {
    return wakeUp;
  }

  /** Returns the batch started together with this one after it, or null. */
  @Nullable Batch<I, O> next() {
    return next;
  }

  void next(@Nullable Batch<I, O> next) {
    this.next = next;
  }

  /** Sets where the slot goes if the hand-out gives it back early. */
  void releaseTo(@Nullable BatchDispatcher<I, O> dispatcher) {
    this.releaseTo = dispatcher;
  }

  @Nullable BatchDispatcher<I, O> releaseTo() {
    return releaseTo;
  }

  /**
   * Asks the first caller still waiting in this batch to lead it, on behalf of the blocking
   * flavour; false if every caller has left.
   */
  boolean askOneToLead() {
    for (Call<I, O> call : calls) {
      if (call.askToLead()) {
        return true;
      }
    }
    return false;
  }

  /** Returns the calls whose callers still wait: the ones {@code doExecute} is given. */
  List<Call<I, O>> liveCalls() {
    ArrayList<Call<I, O>> still = null;
    for (int i = 0; i < calls.size(); i++) {
      Call<I, O> call = calls.get(i);
      if (call.state() == Call.LEFT) {
        if (still == null) {
          still = new ArrayList<>(calls.subList(0, i));
        }
      } else if (still != null) {
        still.add(call);
      }
    }
    return still == null ? calls : still;
  }

  /**
   * Starts the run: fixes the calls it serves and the time it starts.
   *
   * @return false if every caller has left and there is nothing to run
   */
  boolean beginRun() {
    live = liveCalls();
    if (live.isEmpty()) {
      return false;
    }
    Call<I, O> first = live.get(0);
    // a call that started alone and is run by its own caller began its run as it was submitted:
    // its clock reading serves, one reading fewer on the uncontended path
    startNanos =
        startedAlone && first.isCallerThread() ? first.submittedNanos() : System.nanoTime();
    return true;
  }

  /** Returns the calls the run serves. */
  List<Call<I, O>> live() {
    return live;
  }

  /** Fails every call of the run that is not settled yet. */
  void failUnsettled(Throwable failure) {
    failUnsettled(live, failure);
  }

  static <I, O> void failUnsettled(List<Call<I, O>> calls, Throwable failure) {
    for (Call<I, O> call : calls) {
      if (call.isUnsettled()) {
        call.settle(null, failure);
      }
    }
  }

  /** Returns what the run did, ending at {@code endNanos}. */
  BatchReport report(String executorName, long endNanos, @Nullable Throwable failure) {
    return new BatchReport(
        executorName,
        live.size(),
        startNanos - firstSubmittedNanos(),
        endNanos - startNanos,
        failure);
  }

  /** Records the run as a Flight Recorder event, if a recording wants one. */
  void record(String executorName, long endNanos, @Nullable Throwable failure) {
    CollapseEvents.batch(
        executorName, live.size(), firstSubmittedNanos(), startNanos, endNanos, failure);
  }

  void backendLevel(int level) {
    this.backendLevel = level;
  }

  int backendLevel() {
    return backendLevel;
  }

  /** Returns how long the run took until {@code nanos}. */
  long runNanos(long nanos) {
    return nanos - startNanos;
  }
}
