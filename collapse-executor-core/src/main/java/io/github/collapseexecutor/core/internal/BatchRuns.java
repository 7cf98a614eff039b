package io.github.collapseexecutor.core.internal;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.Input;
import io.github.collapseexecutor.core.jfr.CollapseEvents;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executor;

/** The steps every flavour takes around the user's {@code doExecute} and {@code bindingOutput}. */
public final class BatchRuns {

  /** The user's {@code doExecute}. */
  @FunctionalInterface
  public interface Execute<I, B> {
    B apply(Collection<Input<I>> inputs) throws Exception;
  }

  /** The user's {@code bindingOutput}, over the live calls of a batch. */
  @FunctionalInterface
  public interface Bind<I, O, B> {
    void apply(B batchOutput, List<Call<I, O>> calls);
  }

  private BatchRuns() {}

  /**
   * Runs a batch on the current thread: the collecting wait, {@code doExecute}, the slot's release
   * and {@code bindingOutput} (in the order {@link SlotRelease} picks), the check that every input
   * was settled, and the report.
   *
   * @param requeueOnInterrupt whether a batch that fails because the running caller's thread was
   *     interrupted gives the other callers' inputs to a new batch instead of failing them (the
   *     blocking flavour, where batches run on callers' threads)
   */
  public static <I, O, B> void runOnThisThread(
      BatchEngine<I, O> engine,
      Batch<I, O> batch,
      BatchEngine.Sink<I, O> sink,
      Execute<I, B> execute,
      Bind<I, O, B> bind,
      boolean requeueOnInterrupt) {
    run(engine, batch, sink, execute, bind, requeueOnInterrupt, null, null);
  }

  /**
   * Runs batches on a thread of a pool that starts a thread for every task it is given, beginning
   * with {@code first}, as {@link #runOnThisThread} does, with one difference: when a batch gives
   * its slot back before handing out its outputs and that starts the next batch, this thread runs
   * that batch at once and hands the outputs out from another thread of {@code pool}. The next
   * backend call then starts without waiting for a pool thread to wake, which on a busy machine
   * competes for the CPU with every caller the hand-out wakes.
   *
   * @param dispatch where batches started by anything else go: a task of their own on the pool
   */
  public static <I, O, B> void runOnPool(
      BatchEngine<I, O> engine,
      Batch<I, O> first,
      BatchEngine.Sink<I, O> dispatch,
      Execute<I, B> execute,
      Bind<I, O, B> bind,
      Executor pool) {
    NextBatch<I, O> next = new NextBatch<>(dispatch);
    try {
      for (Batch<I, O> batch = first; batch != null; batch = next.take()) {
        run(engine, batch, dispatch, execute, bind, /* requeueOnInterrupt= */ false, next, pool);
      }
    } finally {
      // a batch is left in hand only if something threw: it must still run somewhere
      Batch<I, O> orphan = next.take();
      if (orphan != null) {
        engine.reoffer(orphan, dispatch);
      }
    }
  }

  private static <I, O, B> void run(
      BatchEngine<I, O> engine,
      Batch<I, O> batch,
      BatchEngine.Sink<I, O> sink,
      Execute<I, B> execute,
      Bind<I, O, B> bind,
      boolean requeueOnInterrupt,
      NextBatch<I, O> next,
      Executor pool) {
    if (batch.collecting) {
      engine.awaitMoreInputs(batch);
      engine.seal(batch, sink);
    }
    List<Call<I, O>> live = batch.liveCalls();
    if (live.isEmpty()) {
      engine.finish(batch, sink);
      return;
    }
    long start = System.nanoTime();
    B output;
    HeldSlots held = HeldSlots.current();
    try {
      output = holdingSlot(held, engine, live, execute);
    } catch (Throwable failure) {
      if (requeueOnInterrupt && isInterruption(failure)) {
        // the interrupt was meant for the caller running the batch: it alone fails. Its own call
        // is settled first, because once requeued the others may already belong to a new batch.
        List<Call<I, O>> others = new ArrayList<>(live.size());
        for (Call<I, O> call : live) {
          if (call.waiter == Thread.currentThread()) {
            call.settle(null, failure);
          } else {
            others.add(call);
          }
        }
        engine.requeue(others);
      } else {
        failUnsettled(live, failure);
      }
      engine.finish(batch, sink);
      report(engine, batch, live.size(), start, System.nanoTime(), failure);
      return;
    }
    long executed = System.nanoTime();
    if (next != null && handOutElsewhere(engine, batch, next, pool, live.size(), executed - start,
        () -> report(engine, batch, live.size(), start, executed,
            bindMeasured(engine, output, live, bind)))) {
      return;
    }
    Throwable failure = handOut(held, engine, batch, sink, executed - start, output, live, bind);
    report(engine, batch, live.size(), start, executed, failure);
  }

  /**
   * Calls {@code doExecute} with the inputs of {@code live}, marking meanwhile that this thread
   * holds one of the engine's slots for it: a call this thread then waits for could not start
   * while it holds them all (see {@link BatchEngine#beforeWaiting}).
   */
  public static <I, O, B> B holdingSlot(
      BatchEngine<I, O> engine, List<Call<I, O>> live, Execute<I, B> execute) throws Exception {
    return holdingSlot(HeldSlots.current(), engine, live, execute);
  }

  private static <I, O, B> B holdingSlot(HeldSlots held,
      BatchEngine<I, O> engine, List<Call<I, O>> live, Execute<I, B> execute) throws Exception {
    int frame = held.pushRunning(engine);
    try {
      return execute.apply(inputs(live));
    } finally {
      held.pop(frame);
    }
  }

  /**
   * Gives the slot of a batch back before its hand-out, keeping a batch that starts for this
   * thread, and then runs {@code handOut} on another thread of {@code pool} if a batch was kept,
   * here if not.
   *
   * @return false, having done nothing, if the slot is to be given back after the hand-out
   */
  private static <I, O> boolean handOutElsewhere(BatchEngine<I, O> engine, Batch<I, O> batch,
      NextBatch<I, O> next, Executor pool, int calls, long executeNanos, Runnable handOut) {
    if (engine.slotRelease().afterHandOut(calls, executeNanos)) {
      return false;
    }
    next.keepFirstOffered = true;
    try {
      engine.finish(batch, next);
    } finally {
      next.keepFirstOffered = false;
    }
    if (next.kept == null) {
      handOut.run();
      return true;
    }
    try {
      pool.execute(handOut);
    } catch (Throwable refused) {
      // setExecutor replaced the pool and shut it down, or no thread could be started: hand out
      // here, before the next batch
      handOut.run();
    }
    return true;
  }

  /** A sink that can keep the first batch offered for the thread that offers it. */
  private static final class NextBatch<I, O> implements BatchEngine.Sink<I, O> {

    private final BatchEngine.Sink<I, O> dispatch;
    /** Confined to the running thread, like {@link #kept}. */
    boolean keepFirstOffered;
    Batch<I, O> kept;

    NextBatch(BatchEngine.Sink<I, O> dispatch) {
      this.dispatch = dispatch;
    }

    @Override
    public boolean offer(Batch<I, O> batch) {
      if (keepFirstOffered && kept == null) {
        kept = batch;
        return true;
      }
      return dispatch.offer(batch);
    }

    Batch<I, O> take() {
      Batch<I, O> batch = kept;
      kept = null;
      return batch;
    }
  }

  /**
   * Binds the outputs of a batch whose backend call is over and gives its slot back, in the order
   * {@link SlotRelease} chooses, and measures the binding for it.
   *
   * @return the exception {@code bindingOutput} threw, or null
   */
  public static <I, O, B> Throwable handOut(BatchEngine<I, O> engine, Batch<I, O> batch,
      BatchEngine.Sink<I, O> sink, long executeNanos, B output, List<Call<I, O>> live,
      Bind<I, O, B> bind) {
    return handOut(HeldSlots.current(), engine, batch, sink, executeNanos, output, live, bind);
  }

  private static <I, O, B> Throwable handOut(HeldSlots held, BatchEngine<I, O> engine,
      Batch<I, O> batch, BatchEngine.Sink<I, O> sink, long executeNanos, B output,
      List<Call<I, O>> live, Bind<I, O, B> bind) {
    int calls = live.size();
    SlotRelease release = engine.slotRelease();
    boolean releaseFirst = !release.afterHandOut(calls, executeNanos);
    if (releaseFirst) {
      engine.finish(batch, sink);
      return bindMeasured(engine, output, live, bind);
    }
    // user code that waits for a call of this executor gives the slot back early: see HeldSlots
    int frame = held.pushHandingOut(engine, batch, sink);
    try {
      return bindMeasured(engine, output, live, bind);
    } finally {
      if (held.pop(frame)) {
        engine.finish(batch, sink);
      }
    }
  }

  /** Binds the outputs and tells {@link SlotRelease} how long that took. */
  private static <I, O, B> Throwable bindMeasured(
      BatchEngine<I, O> engine, B output, List<Call<I, O>> live, Bind<I, O, B> bind) {
    int calls = live.size();
    // a lone call wakes nobody: nothing to learn, and no clock to read on the uncontended path
    long handOutStart = calls > 1 ? System.nanoTime() : 0L;
    Throwable failure = bindAll(engine, output, live, bind);
    if (calls > 1) {
      engine.slotRelease().handedOut(calls, System.nanoTime() - handOutStart);
    }
    return failure;
  }

  /**
   * Calls {@code bindingOutput} and settles what it left: everything unsettled fails with its
   * exception if it threw, or with an error naming the input if it returned.
   *
   * @return the exception {@code bindingOutput} threw, or null
   */
  public static <I, O, B> Throwable bindAll(
      BatchEngine<I, O> engine, B output, List<Call<I, O>> live, Bind<I, O, B> bind) {
    try {
      bind.apply(output, live);
    } catch (Throwable failure) {
      failUnsettled(live, failure);
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

  public static <I, O> void failUnsettled(List<Call<I, O>> calls, Throwable failure) {
    for (Call<I, O> call : calls) {
      if (call.isUnsettled()) {
        call.settle(null, failure);
      }
    }
  }

  public static <I, O> Collection<Input<I>> inputs(List<Call<I, O>> live) {
    return Collections.unmodifiableList(live);
  }

  public static <I, O> void report(
      BatchEngine<I, O> engine, Batch<I, O> batch, int size, long start, long end,
      Throwable failure) {
    CollapseEvents.batch(engine.name(), size, batch.firstSubmittedNanos(), start, end, failure);
    if (engine.listener() == CollapseListener.NONE) {
      return;
    }
    Reports.batch(engine.listener(), new BatchReport(
        engine.name(), size, start - batch.firstSubmittedNanos(), end - start, failure));
  }

  private static boolean isInterruption(Throwable failure) {
    return failure instanceof InterruptedException || Thread.currentThread().isInterrupted();
  }


}
