package io.github.collapseexecutor.core;

import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Runs batches on a thread of the async flavour's own pool, which starts a thread for every task
 * it is given, as {@link BatchRunner#run} does, with one difference: the batch that giving a slot
 * back starts stays on this thread instead of waking another. When the slot goes back before the
 * hand-out, this thread runs that batch at once and hands the outputs out from another thread of
 * the pool; when it goes back after, this thread runs it once it has handed out. The next backend
 * call then starts without waiting for a pool thread to wake, which on a busy machine competes for
 * the CPU with every caller the hand-out wakes.
 *
 * <p>Confined to the thread that runs it.
 */
final class OwnPoolRun<I, O, B>
    implements BatchDispatcher<I, O>, BatchRunner.HandOutPolicy<I, O, B, B> {

  private final BatchRunner<I, O, B, B> runner;
  private final Executor pool;
  private final Executor afterEarlyRelease = this::handOutAfterEarlyRelease;
  private boolean keepFirstOffered;
  private @Nullable Batch<I, O> kept;

  OwnPoolRun(BatchRunner<I, O, B, B> runner, Executor pool) {
    this.runner = runner;
    this.pool = pool;
  }

  /** Runs {@code first}, then every batch this thread keeps. */
  void run(Batch<I, O> first) {
    try {
      for (Batch<I, O> batch = first; batch != null; batch = take()) {
        runner.run(batch, this);
      }
    } finally {
      // a batch is left in hand only if something threw: it must still run somewhere
      Batch<I, O> orphan = take();
      if (orphan != null) {
        runner.engine().reoffer(orphan, runner.dispatcher());
      }
    }
  }

  /**
   * Hands out a batch, giving its slot back to this run so that it keeps the first batch that
   * starts: if the slot goes back first, another thread of the pool hands out while this one runs
   * the kept batch; if it goes back after, this thread runs the kept batch once it has handed out.
   */
  @Override
  public void afterExecute(
      BatchHandOut<I, O, B> handOut, Batch<I, O> batch, B output, @Nullable ListenedRun run) {
    keepFirstOffered = true;
    try {
      handOut.handOut(batch, output, run, this, afterEarlyRelease);
    } finally {
      keepFirstOffered = false;
    }
  }

  /** Hands out on another thread of the pool if this one kept a batch to run, here if not. */
  private void handOutAfterEarlyRelease(Runnable handOut) {
    keepFirstOffered = false;
    if (kept == null) {
      handOut.run();
      return;
    }
    try {
      pool.execute(handOut);
    } catch (Throwable refused) {
      // no thread could be started: hand out here, before the next batch
      handOut.run();
    }
  }

  /** Keeps the first batch offered while a slot is given back; passes the others on. */
  @Override
  public boolean offer(Batch<I, O> batch) {
    if (keepFirstOffered && kept == null) {
      kept = batch;
      return true;
    }
    return runner.dispatcher().offer(batch);
  }

  private @Nullable Batch<I, O> take() {
    Batch<I, O> batch = kept;
    kept = null;
    return batch;
  }
}
