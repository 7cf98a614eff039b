package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.util.List;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Hands out the output of one executor's batches once their backend call ended: tells the limit
 * how long the call took, gives the batch's slot back and calls {@code bindingOutput}, in the
 * order {@link ReleaseOrder} picks, settles what {@code bindingOutput} left, and reports the batch.
 * Made once per executor, with the {@link BatchRunner} that runs its batches.
 *
 * @param <B> the batch output {@code bindingOutput} takes
 */
final class BatchHandOut<I, O, B> {

  /** The user's {@code bindingOutput}, over the live calls of a batch. */
  @FunctionalInterface
  interface Bind<I, O, B> {
    void apply(B batchOutput, List<Call<I, O>> calls);
  }

  private final BatchEngine<I, O> engine;
  private final BatchDispatcher<I, O> dispatcher;
  private final Bind<I, O, B> bind;

  BatchHandOut(BatchEngine<I, O> engine, BatchDispatcher<I, O> dispatcher, Bind<I, O, B> bind) {
    this.engine = engine;
    this.dispatcher = dispatcher;
    this.bind = bind;
  }

  /**
   * Hands out the output of a batch on this thread, its backend call over as of now; the batches
   * its slot starts go to the executor's dispatcher.
   */
  void handOut(Batch<I, O> batch, B output, @Nullable ListenedRun run) {
    handOut(batch, output, run, dispatcher, /* afterEarlyRelease= */ null);
  }

  /**
   * Hands out the output of a batch whose backend call is over as of now, giving its slot back to
   * {@code releaseTo}, which gets what that starts. If the slot goes back first,
   * {@code afterEarlyRelease} runs the hand-out (null: this thread); if it goes back after, this
   * thread hands out while the batch still holds it.
   */
  void handOut(
      Batch<I, O> batch,
      B output,
      @Nullable ListenedRun run,
      BatchDispatcher<I, O> releaseTo,
      @Nullable Executor afterEarlyRelease) {
    long executed = System.nanoTime();
    // until the future completed, in the future flavour: the latency the backend showed
    engine.slots().backendCallEnded(batch, batch.runNanos(executed));
    if (engine.releaseOrder().afterHandOut(batch.live().size(), batch.runNanos(executed))) {
      report(batch, executed, handOutThenRelease(batch, output, releaseTo), run);
      return;
    }
    engine.finish(batch, releaseTo);
    if (afterEarlyRelease == null) {
      report(batch, executed, bindMeasured(batch, output), run);
    } else {
      afterEarlyRelease.execute(() -> report(batch, executed, bindMeasured(batch, output), run));
    }
  }

  /**
   * Fails the callers of a batch whose backend call failed after {@code doExecute} returned (its
   * future completed exceptionally), gives its slot back and reports it.
   */
  void backendFailed(Batch<I, O> batch, Throwable cause, @Nullable ListenedRun run) {
    long executed = System.nanoTime();
    engine.slots().backendCallFailed(batch);
    engine.finish(batch, dispatcher);
    batch.failUnsettled(cause);
    report(batch, executed, cause, run);
  }

  /**
   * Binds the outputs of a batch while it still holds its slot, then gives the slot back to
   * {@code releaseTo}.
   *
   * @return the exception {@code bindingOutput} threw, or null
   */
  private @Nullable Throwable handOutThenRelease(
      Batch<I, O> batch, B output, BatchDispatcher<I, O> releaseTo) {
    // user code that waits for a call of this executor gives the slot back early, and then to
    // the dispatcher every batch goes to, never to releaseTo: see HeldSlots
    HeldSlots held = HeldSlots.current();
    int frame = held.pushHandingOut(engine, batch, dispatcher);
    try {
      return bindMeasured(batch, output);
    } finally {
      if (held.pop(frame)) {
        engine.finish(batch, releaseTo);
      }
    }
  }

  /**
   * Calls {@code bindingOutput} and settles what it left: everything unsettled fails with its
   * exception if it threw, or with an error naming the input if it returned. Tells
   * {@link ReleaseOrder} how long that took.
   *
   * @return the exception {@code bindingOutput} threw, or null
   */
  private @Nullable Throwable bindMeasured(Batch<I, O> batch, B output) {
    List<Call<I, O>> live = batch.live();
    int calls = live.size();
    // a lone call wakes nobody: nothing to learn, and no clock to read on the uncontended path
    long handOutStart = calls > 1 ? System.nanoTime() : 0L;
    Throwable failure = bindAll(live, output);
    if (calls > 1) {
      engine.releaseOrder().handedOut(calls, System.nanoTime() - handOutStart);
    }
    return failure;
  }

  private @Nullable Throwable bindAll(List<Call<I, O>> live, B output) {
    try {
      bind.apply(output, live);
    } catch (Throwable failure) {
      Batch.failUnsettled(live, failure);
      return failure;
    }
    for (Call<I, O> call : live) {
      if (call.isUnsettled()) {
        call.settle(
            null,
            new IllegalStateException(
                "bindingOutput of "
                    + engine.name()
                    + " did not bind an output for input "
                    + Names.describe(call.value())));
      }
    }
    return null;
  }

  /** Records a batch that ended at {@code end}, and tells the listener, if there is one. */
  void report(Batch<I, O> batch, long end, @Nullable Throwable failure, @Nullable ListenedRun run) {
    batch.record(engine.name(), end, failure);
    CollapseListener listener = engine.listener();
    if (listener != CollapseListener.NONE) {
      BatchReport report = batch.report(engine.name(), end, failure);
      Reports.batch(listener, report);
      ListenedRun.ended(run, report);
    }
  }
}
