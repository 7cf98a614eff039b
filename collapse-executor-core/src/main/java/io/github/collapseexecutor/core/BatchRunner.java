package io.github.collapseexecutor.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs the batches of one executor: the steps every flavour takes around the user's
 * {@code doExecute} and {@code bindingOutput}. Made once per executor with what is fixed there;
 * its methods take only the batch.
 *
 * <p>One run is: the collecting wait, {@code doExecute} while this thread holds the batch's slot
 * ({@link HeldSlots}), then, once the batch output is there, the slot's release and
 * {@code bindingOutput} in the order {@link SlotRelease} picks, the check that every bundle was
 * settled, and the listener's report. The flavours differ in where a run happens (the
 * {@link BatchSink} they give the engine) and in when the output is there: at once, or when the
 * future {@code doExecute} returned completes ({@link #onFutures}).
 *
 * @param <R> what {@code doExecute} returns
 * @param <B> the batch output {@code bindingOutput} takes
 */
final class BatchRunner<I, O, R, B> {

  /** The user's {@code doExecute}. */
  @FunctionalInterface
  interface Execute<I, R> {
    R apply(Collection<Input<I>> inputs) throws Exception;
  }

  /** The user's {@code bindingOutput}, over the live calls of a batch. */
  @FunctionalInterface
  interface Bind<I, O, B> {
    void apply(B batchOutput, List<Call<I, O>> calls);
  }

  /**
   * What happens once {@code doExecute} returned: hand out now, or when its future completes.
   * {@code run} is the listener's view of the batch, or {@code null}, to pass to the report.
   */
  @FunctionalInterface
  interface Arrival<I, O, R, B> {
    void arrive(BatchRunner<I, O, R, B> runner, Batch<I, O> batch, R result, ListenedRun run);
  }

  private final BatchEngine<I, O> engine;
  private final BatchSink<I, O> sink;
  private final Execute<I, R> execute;
  private final Bind<I, O, B> bind;
  private final Arrival<I, O, R, B> arrival;
  private final RunStart.Flavour flavour;
  /**
   * Whether a batch that fails because its thread was interrupted gives the other callers' inputs
   * to a new batch instead of failing them: in the blocking flavour the interrupt was meant for the
   * caller whose thread runs the batch.
   */
  private final boolean requeueOnInterrupt;

  private BatchRunner(BatchEngine<I, O> engine, BatchSink<I, O> sink, Execute<I, R> execute,
      Bind<I, O, B> bind, Arrival<I, O, R, B> arrival, RunStart.Flavour flavour) {
    this.engine = engine;
    this.sink = sink;
    this.execute = execute;
    this.bind = bind;
    this.arrival = arrival;
    this.flavour = flavour;
    this.requeueOnInterrupt = flavour == RunStart.Flavour.BLOCKING;
  }

  /**
   * A runner for batches that run on their callers' threads (the blocking flavour): {@code sink}
   * asks a caller of each started batch to lead it.
   */
  static <I, O, B> BatchRunner<I, O, B, B> onCallers(BatchEngine<I, O> engine,
      BatchSink<I, O> sink, Execute<I, B> execute, Bind<I, O, B> bind) {
    return new BatchRunner<>(engine, sink, execute, bind, BatchRunner::handOut,
        RunStart.Flavour.BLOCKING);
  }

  /** A runner for batches that run on an executor (the async flavour); {@code sink} hands them there. */
  static <I, O, B> BatchRunner<I, O, B, B> onPool(BatchEngine<I, O> engine,
      BatchSink<I, O> sink, Execute<I, B> execute, Bind<I, O, B> bind) {
    return new BatchRunner<>(engine, sink, execute, bind, BatchRunner::handOut,
        RunStart.Flavour.ASYNC);
  }

  /**
   * A runner whose {@code doExecute} returns a future of the batch output (the future flavour):
   * the output is handed out on the thread that completes it, through the {@link Trampoline}.
   */
  static <I, O, B> BatchRunner<I, O, CompletableFuture<B>, B> onFutures(BatchEngine<I, O> engine,
      BatchSink<I, O> sink, Execute<I, CompletableFuture<B>> execute, Bind<I, O, B> bind) {
    return new BatchRunner<>(engine, sink, execute, bind, BatchRunner::whenComplete,
        RunStart.Flavour.FUTURE);
  }

  BatchEngine<I, O> engine() {
    return engine;
  }

  /** Where batches that this runner's slot releases start go. */
  BatchSink<I, O> sink() {
    return sink;
  }

  /** Runs a batch on this thread, waiting for more inputs first if it collects. */
  void run(Batch<I, O> batch) {
    run(batch, arrival);
  }

  /**
   * Runs a batch whose collecting wait is over (the future flavour times it without blocking):
   * seals it and runs it on this thread.
   */
  void runCollected(Batch<I, O> batch) {
    engine.seal(batch, sink);
    execute(batch, arrival);
  }

  /** Runs a batch on this thread and gives the batch output to {@code then}. */
  void run(Batch<I, O> batch, Arrival<I, O, R, B> then) {
    if (batch.isCollecting()) {
      awaitMoreInputs(batch);
      engine.seal(batch, sink);
    }
    execute(batch, then);
  }

  private void execute(Batch<I, O> batch, Arrival<I, O, R, B> then) {
    if (!batch.beginRun()) {
      engine.finish(batch, sink);
      return;
    }
    R result;
    ListenedRun run = ListenedRun.start(engine.listener(), engine.name(), flavour,
        /* batch= */ true, batch.live().size());
    HeldSlots held = HeldSlots.current();
    int frame = held.pushRunning(engine);
    engine.slots().backendCallStarted(batch);
    try {
      result = execute.apply(Collections.unmodifiableList(batch.live()));
    } catch (Throwable failure) {
      engine.slots().backendCallFailed(batch);
      held.pop(frame);
      ListenedRun.workReturned(run);
      failed(batch, failure, run);
      return;
    }
    held.pop(frame);
    // before the output can arrive, so that the listener hears of the end last
    ListenedRun.workReturned(run);
    then.arrive(this, batch, result, run);
  }

  /**
   * Waits for more inputs: yields once for a zero wait, or parks until the batch's deadline (its
   * first input's submission plus the wait), until it is full, or until the thread is interrupted.
   */
  private void awaitMoreInputs(Batch<I, O> batch) {
    if (engine.collectingWaitNanos() == 0) {
      Thread.yield();
      return;
    }
    Thread collector = Thread.currentThread();
    batch.wakeUp(() -> LockSupport.unpark(collector));
    try {
      for (;;) {
        long remaining = remainingCollectNanos(batch);
        if (remaining <= 0 || engine.isFull(batch) || Thread.currentThread().isInterrupted()) {
          return;
        }
        LockSupport.parkNanos(this, remaining);
      }
    } finally {
      batch.wakeUp(null);
    }
  }

  /** Returns how long a collecting batch may still wait for inputs; zero or less for not at all. */
  long remainingCollectNanos(Batch<I, O> batch) {
    long wait = engine.collectingWaitNanos();
    if (wait <= 0) {
      return 0;
    }
    return batch.firstSubmittedNanos() + wait - System.nanoTime();
  }

  /** Settles a batch whose {@code doExecute} threw, gives its slot back and reports it. */
  private void failed(Batch<I, O> batch, Throwable failure, ListenedRun run) {
    if (requeueOnInterrupt && isInterruption(failure)) {
      // the interrupt was meant for the caller running the batch: it alone fails. Its own call
      // is settled first, because once requeued the others may already belong to a new batch.
      List<Call<I, O>> live = batch.live();
      List<Call<I, O>> others = new ArrayList<>(live.size());
      for (Call<I, O> call : live) {
        if (call.isCallerThread()) {
          call.settle(null, failure);
        } else {
          others.add(call);
        }
      }
      engine.requeue(others);
    } else {
      batch.failUnsettled(failure);
    }
    engine.finish(batch, sink);
    report(batch, System.nanoTime(), failure, run);
  }

  private static boolean isInterruption(Throwable failure) {
    return failure instanceof InterruptedException || Thread.currentThread().isInterrupted();
  }

  /** Hands the output of a batch out on this thread, its backend call over as of now. */
  private void handOut(Batch<I, O> batch, B output, ListenedRun run) {
    handOut(batch, output, executed(batch), run);
  }

  /**
   * Marks the backend call of a batch that produced its output as over now: tells the slots'
   * limit how long it took (until its future completed, in the future flavour), once per batch.
   *
   * @return the time it ended
   */
  long executed(Batch<I, O> batch) {
    long executed = System.nanoTime();
    engine.slots().backendCallEnded(batch, batch.runNanos(executed));
    return executed;
  }

  /**
   * Binds the outputs of a batch whose backend call ended at {@code executed} and gives its slot
   * back, in the order {@link SlotRelease} picks, then reports.
   */
  void handOut(Batch<I, O> batch, B output, long executed, ListenedRun run) {
    Throwable failure;
    if (releasesSlotFirst(batch, executed)) {
      engine.finish(batch, sink);
      failure = bindMeasured(batch, output);
    } else {
      failure = handOutThenRelease(batch, output, sink);
    }
    report(batch, executed, failure, run);
  }

  /**
   * Binds the outputs of a batch while it still holds its slot, then gives the slot back to
   * {@code releaseTo}, which gets what that starts.
   *
   * @return the exception {@code bindingOutput} threw, or null
   */
  Throwable handOutThenRelease(Batch<I, O> batch, B output, BatchSink<I, O> releaseTo) {
    // user code that waits for a call of this executor gives the slot back early, and then to
    // the sink every batch goes to, never to releaseTo: see HeldSlots
    HeldSlots held = HeldSlots.current();
    int frame = held.pushHandingOut(engine, batch, sink);
    try {
      return bindMeasured(batch, output);
    } finally {
      if (held.pop(frame)) {
        engine.finish(batch, releaseTo);
      }
    }
  }

  /** Whether a batch whose backend call ended at {@code executed} gives its slot back first. */
  boolean releasesSlotFirst(Batch<I, O> batch, long executed) {
    return !engine.slotRelease().afterHandOut(batch.live().size(), batch.runNanos(executed));
  }

  /** Hands out the outputs of a batch whose slot was given back already, and reports. */
  void handOutReleased(Batch<I, O> batch, B output, long executed, ListenedRun run) {
    report(batch, executed, bindMeasured(batch, output), run);
  }

  /** Reports a batch whose outputs were handed out. */
  void handedOut(Batch<I, O> batch, long executed, Throwable failure, ListenedRun run) {
    report(batch, executed, failure, run);
  }

  /** Hands out when the future {@code doExecute} returned completes. */
  private void whenComplete(Batch<I, O> batch, CompletableFuture<B> pending, ListenedRun run) {
    pending.whenComplete((output, failure) -> Trampoline.run(() -> {
      if (failure == null) {
        handOut(batch, output, run);
        return;
      }
      long executed = System.nanoTime();
      engine.slots().backendCallFailed(batch);
      engine.finish(batch, sink);
      Throwable cause = Failures.unwrap(failure);
      batch.failUnsettled(cause);
      report(batch, executed, cause, run);
    }));
  }

  /**
   * Calls {@code bindingOutput} and settles what it left: everything unsettled fails with its
   * exception if it threw, or with an error naming the input if it returned. Tells
   * {@link SlotRelease} how long that took.
   *
   * @return the exception {@code bindingOutput} threw, or null
   */
  private Throwable bindMeasured(Batch<I, O> batch, B output) {
    List<Call<I, O>> live = batch.live();
    int calls = live.size();
    // a lone call wakes nobody: nothing to learn, and no clock to read on the uncontended path
    long handOutStart = calls > 1 ? System.nanoTime() : 0L;
    Throwable failure = bindAll(live, output);
    if (calls > 1) {
      engine.slotRelease().handedOut(calls, System.nanoTime() - handOutStart);
    }
    return failure;
  }

  private Throwable bindAll(List<Call<I, O>> live, B output) {
    try {
      bind.apply(output, live);
    } catch (Throwable failure) {
      Batch.failUnsettled(live, failure);
      return failure;
    }
    for (Call<I, O> call : live) {
      if (call.isUnsettled()) {
        call.settle(null, new IllegalStateException(
            "bindingOutput of " + engine.name() + " did not bind an output for input "
                + Names.describe(call.value())));
      }
    }
    return null;
  }

  private void report(Batch<I, O> batch, long end, Throwable failure, ListenedRun run) {
    batch.record(engine.name(), end, failure);
    CollapseListener listener = engine.listener();
    if (listener != CollapseListener.NONE) {
      BatchReport report = batch.report(engine.name(), end, failure);
      Reports.batch(listener, report);
      ListenedRun.ended(run, report);
    }
  }
}
