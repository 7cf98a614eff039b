package io.github.collapseexecutor.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * A batch collapse executor whose callers get futures: single {@link #execute(Object)} calls are
 * gathered into one {@link #doExecute(Collection)}, which runs on an {@link Executor}, and
 * {@link #bindingOutput(Object, List)} binds a future of each caller's output.
 *
 * <pre>{@code
 * protected void bindingOutput(Map<Long, User> users, List<Bundle<Long, CompletableFuture<User>>> bundles) {
 *   bundles.forEach(b -> b.bindOutput(CompletableFuture.completedFuture(users.get(b.value()))));
 * }
 * }</pre>
 *
 * <p>Batches run on the {@link CollapseExecutorOptions#executor() executor of the options}, or on
 * the one {@link #setExecutor(Executor)} set before the first call. Without either, each executor uses a pool of its own daemon threads, started as batches need them
 * and ended when idle, so that one executor's slow batches never delay another's.
 *
 * <p>Each caller gets its own future: cancelling it, completing it or letting
 * {@link CompletableFuture#orTimeout} fire affects only that caller, and drops its input if its
 * batch has not started. Batch semantics, outcomes and closing are those of
 * {@link CollapseExecutorBlockingSupport}; futures fail with the original exception, checked or not.
 *
 * @param <INPUT> the type of one caller's input
 * @param <OUTPUT> the type of one caller's output
 * @param <BATCH_OUTPUT> the type {@code doExecute} returns for a whole batch
 */
public abstract class CollapseExecutorAsyncSupport<
        INPUT, OUTPUT extends @Nullable Object, BATCH_OUTPUT extends @Nullable Object>
    extends BatchExecutorBase<INPUT, OUTPUT> implements AutoCloseable {

  private final BatchRunner<INPUT, OUTPUT, BATCH_OUTPUT, BATCH_OUTPUT> runner;
  private final ExecutorHolder executor;

  /** Creates an executor with the default {@link CollapseExecutorOptions}. */
  protected CollapseExecutorAsyncSupport() {
    this(CollapseExecutorOptions.defaults());
  }

  /** Creates an executor with the given options. */
  // the runner calls doExecute and bindingOutput for calls, which begin once the subclass is built
  @SuppressWarnings("this-escape")
  protected CollapseExecutorAsyncSupport(CollapseExecutorOptions options) {
    super(options);
    this.runner = BatchRunner.onPool(engine, this::dispatch, this::doExecute, this::bindFutures);
    this.executor =
        new ExecutorHolder(engine.name(), "CollapseExecutorOptions", options.executor());
    engine.onTerminated(executor::shutdownOwnPool);
  }

  /**
   * Sets the executor batches run on, in place of the one the options named, if any: the later
   * setting wins. Meant for code written for the classic API, which configured the executor this
   * way; new code passes it in the options ({@link OptionsBuilder#executor(Executor)}). The
   * caller owns it: closing this collapse executor does not shut it down. Thread-safe; a call that
   * races the first {@link #execute} either takes effect for its batch or is refused.
   *
   * @throws NullPointerException if {@code executor} is null
   * @throws IllegalStateException if a batch has been handed to an executor already, which stays
   *     the one all batches run on
   */
  public final void setExecutor(Executor executor) {
    this.executor.set(executor);
  }

  /**
   * Returns a future of the output for {@code input}, which runs in a batch with the inputs of
   * concurrent callers.
   *
   * <p>May be called from this executor's own {@code doExecute}: the call queues for a slot like
   * any other. If that thread then waits for it ({@code get} or {@code join} on the returned future)
   * while it holds every slot, the future fails at once with an {@link IllegalStateException}
   * instead of waiting for itself. A thread that waits in {@code bindingOutput} or a continuation
   * first gives back the slot its batch still holds. Waits through other threads, or on futures
   * derived from this one, are not detected; give them a timeout.
   *
   * @throws NullPointerException if {@code input} is null
   * @throws IllegalStateException if this executor is closed
   * @throws RejectedExecutionException if too many inputs are pending
   */
  public CompletableFuture<OUTPUT> execute(INPUT input) {
    Call<INPUT, OUTPUT> call = engine.calls().withFuture(input);
    engine.submit(call, runner.dispatcher());
    return call.future();
  }

  /**
   * Runs one batch on the executor; may throw anything, errors included, failing every caller of
   * the batch with it.
   *
   * <p>It runs on a pool thread, not on the callers' threads: do not read per-caller context from
   * thread-locals here (a security context, an MDC); pass what the batch needs in the input.
   */
  protected abstract BATCH_OUTPUT doExecute(Collection<Input<INPUT>> inputs) throws Exception;

  /**
   * Binds a future of each caller's output: every bundle must be settled once. A caller's future
   * completes when the future bound for it does.
   *
   * <p>{@code bundles} hold the callers of the batch in the same order as the inputs that
   * {@code doExecute} was given, so outputs may be matched by position or by value.
   */
  protected abstract void bindingOutput(
      BATCH_OUTPUT batchOutput, List<Bundle<INPUT, CompletableFuture<OUTPUT>>> bundles);

  /**
   * Refuses new calls; inputs already accepted still run. The executor's own pool, if it made one,
   * ends its threads once the last batch is done. Idempotent.
   */
  @Override
  public void close() {
    super.close();
  }

  private boolean dispatch(Batch<INPUT, OUTPUT> batch) {
    try {
      Executor pool = executor.get();
      if (executor.isOwnPool(pool)) {
        // a thread for every task: the next batch may run here while another thread hands out
        pool.execute(() -> new OwnPoolRun<>(runner, pool).run(batch));
      } else {
        pool.execute(() -> runner.run(batch));
      }
      return true;
    } catch (Throwable refused) {
      // a rejection, or any other failure of the executor: the batch's callers get it, and the
      // engine drops the batch and frees its slot
      Batch.failUnsettled(batch.liveCalls(), refused);
      return false;
    }
  }

  private void bindFutures(BATCH_OUTPUT output, List<Call<INPUT, OUTPUT>> calls) {
    List<Bundle<INPUT, CompletableFuture<OUTPUT>>> bundles = new ArrayList<>(calls.size());
    for (Call<INPUT, OUTPUT> call : calls) {
      bundles.add(new FutureBundle<>(call));
    }
    bindingOutput(output, Collections.unmodifiableList(bundles));
  }
}
