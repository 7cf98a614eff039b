package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Runs the batches of one executor: the steps every flavour takes around the user's
 * {@code doExecute}. Made once per executor with what is fixed there; its methods take only the
 * batch.
 *
 * <p>One run is: the collecting wait, {@code doExecute} while this thread holds the batch's slot
 * ({@link HeldSlots}), then, once the batch output is there, its hand-out ({@link BatchHandOut}).
 * The flavours differ in where a run happens (the {@link BatchDispatcher} they give the engine)
 * and in when the output is there: at once, or when the future {@code doExecute} returned
 * completes ({@link #onFutures}).
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

  /**
   * What happens once {@code doExecute} returned: hand out now, or when its future completes.
   * {@code run} is the listener's view of the batch, or {@code null}, to pass to the report.
   */
  @FunctionalInterface
  interface HandOutPolicy<I, O, R, B> {
    void afterExecute(
        BatchHandOut<I, O, B> handOut, Batch<I, O> batch, R result, @Nullable ListenedRun run);
  }

  private final BatchEngine<I, O> engine;
  private final BatchDispatcher<I, O> dispatcher;
  private final Execute<I, R> execute;
  private final BatchHandOut<I, O, B> handOut;
  private final HandOutPolicy<I, O, R, B> handOutPolicy;
  private final RunStart.Flavour flavour;

  /**
   * Whether a batch that fails because its thread was interrupted gives the other callers' inputs
   * to a new batch instead of failing them: in the blocking flavour the interrupt was meant for the
   * caller whose thread runs the batch.
   */
  private final boolean requeueOnInterrupt;

  private BatchRunner(
      BatchEngine<I, O> engine,
      BatchDispatcher<I, O> dispatcher,
      Execute<I, R> execute,
      BatchHandOut.Bind<I, O, B> bind,
      HandOutPolicy<I, O, R, B> handOutPolicy,
      RunStart.Flavour flavour) {
    this.engine = engine;
    this.dispatcher = dispatcher;
    this.execute = execute;
    this.handOut = new BatchHandOut<>(engine, dispatcher, bind);
    this.handOutPolicy = handOutPolicy;
    this.flavour = flavour;
    this.requeueOnInterrupt = flavour == RunStart.Flavour.BLOCKING;
  }

  /**
   * A runner for batches that run on their callers' threads (the blocking flavour):
   * {@code dispatcher} asks a caller of each started batch to lead it.
   */
  static <I, O, B> BatchRunner<I, O, B, B> onCallers(
      BatchEngine<I, O> engine,
      BatchDispatcher<I, O> dispatcher,
      Execute<I, B> execute,
      BatchHandOut.Bind<I, O, B> bind) {
    return new BatchRunner<>(
        engine, dispatcher, execute, bind, BatchHandOut::handOut, RunStart.Flavour.BLOCKING);
  }

  /**
   * A runner for batches that run on an executor (the async flavour); {@code dispatcher} hands
   * them there.
   */
  static <I, O, B> BatchRunner<I, O, B, B> onPool(
      BatchEngine<I, O> engine,
      BatchDispatcher<I, O> dispatcher,
      Execute<I, B> execute,
      BatchHandOut.Bind<I, O, B> bind) {
    return new BatchRunner<>(
        engine, dispatcher, execute, bind, BatchHandOut::handOut, RunStart.Flavour.ASYNC);
  }

  /**
   * A runner whose {@code doExecute} returns a future of the batch output (the future flavour):
   * the output is handed out on the thread that completes it, through the {@link Trampoline}.
   */
  static <I, O, B> BatchRunner<I, O, CompletableFuture<B>, B> onFutures(
      BatchEngine<I, O> engine,
      BatchDispatcher<I, O> dispatcher,
      Execute<I, CompletableFuture<B>> execute,
      BatchHandOut.Bind<I, O, B> bind) {
    return new BatchRunner<>(
        engine, dispatcher, execute, bind, BatchRunner::whenComplete, RunStart.Flavour.FUTURE);
  }

  BatchEngine<I, O> engine() {
    return engine;
  }

  /** Where batches that this runner's slot releases start go. */
  BatchDispatcher<I, O> dispatcher() {
    return dispatcher;
  }

  /** Runs a batch on this thread, waiting for more inputs first if it collects. */
  void run(Batch<I, O> batch) {
    run(batch, handOutPolicy);
  }

  /**
   * Runs a batch whose collecting wait is over (the future flavour times it without blocking):
   * seals it and runs it on this thread.
   */
  void runCollected(Batch<I, O> batch) {
    engine.seal(batch, dispatcher);
    execute(batch, handOutPolicy);
  }

  /** Runs a batch on this thread and gives the batch output to {@code then}. */
  void run(Batch<I, O> batch, HandOutPolicy<I, O, R, B> then) {
    if (batch.isCollecting()) {
      awaitMoreInputs(batch);
      engine.seal(batch, dispatcher);
    }
    execute(batch, then);
  }

  private void execute(Batch<I, O> batch, HandOutPolicy<I, O, R, B> then) {
    if (!batch.beginRun()) {
      engine.finish(batch, dispatcher);
      return;
    }
    R result;
    ListenedRun run =
        ListenedRun.start(
            engine.listener(), engine.name(), flavour, /* batch= */ true, batch.live().size());
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
    then.afterExecute(handOut, batch, result, run);
  }

  /**
   * Waits for more inputs: yields once for a zero wait, or parks until the batch's deadline (its
   * first input's submission plus the wait), until it is full, or until the thread is interrupted.
   */
  // a zero wait yields once on purpose: callers about to submit get the CPU and join the batch
  @SuppressWarnings("ThreadPriorityCheck")
  private void awaitMoreInputs(Batch<I, O> batch) {
    if (engine.collectingWaitNanos() == 0) {
      Thread.yield();
      return;
    }
    Thread collector = Thread.currentThread();
    batch.wakeUp(() -> LockSupport.unpark(collector));
    try {
      for (; ; ) {
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
  private void failed(Batch<I, O> batch, Throwable failure, @Nullable ListenedRun run) {
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
    engine.finish(batch, dispatcher);
    handOut.report(batch, System.nanoTime(), failure, run);
  }

  private static boolean isInterruption(Throwable failure) {
    return failure instanceof InterruptedException || Thread.currentThread().isInterrupted();
  }

  /** Hands out when the future {@code doExecute} returned completes. */
  // the callback hands out or fails the batch whatever the outcome: the stage it returns adds
  // nothing
  @SuppressWarnings("FutureReturnValueIgnored")
  private static <I, O, B> void whenComplete(
      BatchHandOut<I, O, B> handOut,
      Batch<I, O> batch,
      CompletableFuture<B> pending,
      @Nullable ListenedRun run) {
    pending.whenComplete(
        (output, failure) ->
            Trampoline.run(
                () -> {
                  if (failure == null) {
                    handOut.handOut(batch, output, run);
                  } else {
                    handOut.backendFailed(batch, Failures.unwrap(failure), run);
                  }
                }));
  }
}
