package io.github.collapseexecutor.core.internal;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.Input;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

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
    try {
      output = execute.apply(inputs(live));
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
    Throwable failure = handOut(engine, batch, sink, executed - start, output, live, bind);
    report(engine, batch, live.size(), start, executed, failure);
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
    int calls = live.size();
    SlotRelease release = engine.slotRelease();
    boolean releaseFirst = !release.afterHandOut(calls, executeNanos);
    if (releaseFirst) {
      engine.finish(batch, sink);
    }
    // a lone call wakes nobody: nothing to learn, and no clock to read on the uncontended path
    long handOutStart = calls > 1 ? System.nanoTime() : 0L;
    Throwable failure = bindAll(engine, output, live, bind);
    if (calls > 1) {
      release.handedOut(calls, System.nanoTime() - handOutStart);
    }
    if (!releaseFirst) {
      engine.finish(batch, sink);
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
                + call.value()));
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
