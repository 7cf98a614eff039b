package io.github.collapseexecutor.core;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * A non-blocking batch collapse executor: {@link #doExecute(Collection)} starts the batch and
 * returns a future of its output (a reactive or asynchronous client call, for example), and
 * {@link #bindingOutput(Object, List)} hands each caller its output once that future completes.
 *
 * <p>No thread is blocked and none is created. {@code doExecute} is called on the thread that
 * starts the batch: the submitting caller when a slot is free, otherwise the thread that completes
 * the previous batch's future; it must return quickly. {@code bindingOutput} runs on the thread that
 * completes the batch's future. A positive collecting wait is timed by the JDK's shared delay
 * scheduler, after which {@code doExecute} runs on that scheduler's thread.
 *
 * <p>Batch semantics, outcomes and closing are those of {@link CollapseExecutorBlockingSupport};
 * caller futures behave as in {@link CollapseExecutorAsyncSupport}.
 *
 * @param <INPUT> the type of one caller's input
 * @param <OUTPUT> the type of one caller's output
 * @param <BATCH_OUTPUT> the type of the batch output {@code doExecute} promises
 */
public abstract class CollapseExecutorFutureSupport<
        INPUT, OUTPUT extends @Nullable Object, BATCH_OUTPUT extends @Nullable Object>
    extends BatchExecutorBase<INPUT, OUTPUT> implements AutoCloseable {

  private final BatchRunner<INPUT, OUTPUT, CompletableFuture<BATCH_OUTPUT>, BATCH_OUTPUT> runner;
  private final BatchDispatcher<INPUT, OUTPUT> dispatchSubmitted = this::dispatchSubmitted;

  /** Creates an executor with the default {@link CollapseExecutorOptions}. */
  protected CollapseExecutorFutureSupport() {
    this(CollapseExecutorOptions.defaults());
  }

  /** Creates an executor with the given options. */
  // the runner calls doExecute and bindingOutput for calls, which begin once the subclass is built
  @SuppressWarnings("this-escape")
  protected CollapseExecutorFutureSupport(CollapseExecutorOptions options) {
    super(options);
    this.runner =
        BatchRunner.onFutures(
            engine,
            this::dispatch,
            inputs ->
                Objects.requireNonNull(
                    doExecute(inputs),
                    () -> engine.name() + ": doExecute returned null instead of a future"),
            (output, calls) -> bindingOutput(output, Collections.unmodifiableList(calls)));
  }

  /**
   * Returns a future of the output for {@code input}, which runs in a batch with the inputs of
   * concurrent callers.
   *
   * <p>Batches are started and completed through a per-thread trampoline: a batch that the
   * completion of another starts on the same thread waits until that completion returns, so that
   * chains of futures that complete at once keep the stack flat. A call of this method is never
   * deferred that way: even from a continuation that runs inside another batch's completion, its
   * batch starts at once (and then what the thread had deferred), as it would from any other
   * thread, so the continuation may wait for it. Prefer chaining ({@code thenCompose}) to waiting.
   *
   * <p>A call from this executor's own {@code doExecute} queues for a slot like any other; if that
   * thread then waits for it ({@code get} or {@code join}) while it holds every slot, the future
   * fails at once with an {@link IllegalStateException} instead of waiting for itself. A thread
   * that waits in {@code bindingOutput} or a continuation first gives back the slot its batch still
   * holds. A future {@code doExecute} returns that depends on such a call, or a wait through
   * other threads, is not detected.
   *
   * @throws NullPointerException if {@code input} is null
   * @throws IllegalStateException if this executor is closed
   * @throws java.util.concurrent.RejectedExecutionException if too many inputs are pending
   */
  public CompletableFuture<OUTPUT> execute(INPUT input) {
    Call<INPUT, OUTPUT> call = engine.calls().withFuture(input);
    engine.submit(call, dispatchSubmitted);
    return call.future();
  }

  /**
   * Starts one batch and returns a future of its output. Must not block. Throwing anything,
   * returning {@code null} or returning a future that fails all fail every caller of the batch.
   *
   * <p>It runs on the thread that starts the batch, which may be any caller's or the thread that
   * completed the previous batch: do not read per-caller context from thread-locals here (a
   * security context, an MDC); pass what the batch needs in the input.
   */
  protected abstract CompletableFuture<BATCH_OUTPUT> doExecute(Collection<Input<INPUT>> inputs)
      throws Exception;

  /**
   * Hands each caller its output: every bundle must be settled once.
   *
   * <p>{@code bundles} hold the callers of the batch in the same order as the inputs that
   * {@code doExecute} was given, so outputs may be matched by position or by value.
   */
  protected abstract void bindingOutput(
      BATCH_OUTPUT batchOutput, List<Bundle<INPUT, OUTPUT>> bundles);

  private boolean dispatch(Batch<INPUT, OUTPUT> batch) {
    Trampoline.run(() -> start(batch));
    return true;
  }

  /**
   * Starts a batch that a call of {@link #execute} started at once, even from a continuation inside
   * another batch's completion, which may wait for it.
   */
  private boolean dispatchSubmitted(Batch<INPUT, OUTPUT> batch) {
    Trampoline.runNow(() -> start(batch));
    return true;
  }

  // a batch still collecting yields once on purpose: callers about to submit get the CPU and
  // join it
  @SuppressWarnings("ThreadPriorityCheck")
  private void start(Batch<INPUT, OUTPUT> batch) {
    long wait = runner.remainingCollectNanos(batch);
    if (wait > 0 && batch.isCollecting()) {
      // whichever comes first, the deadline or a submission that fills the batch, starts it
      AtomicBoolean started = new AtomicBoolean();
      Runnable startOnce =
          () -> {
            if (started.compareAndSet(false, true)) {
              Trampoline.run(() -> runner.runCollected(batch));
            }
          };
      batch.wakeUp(startOnce);
      CompletableFuture.delayedExecutor(wait, TimeUnit.NANOSECONDS, Runnable::run)
          .execute(startOnce);
      if (engine.isFull(batch)) {
        startOnce.run();
      }
      return;
    }
    if (batch.isCollecting()) {
      Thread.yield();
    }
    runner.runCollected(batch);
  }
}
