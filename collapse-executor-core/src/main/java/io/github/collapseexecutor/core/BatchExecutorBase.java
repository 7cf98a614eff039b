package io.github.collapseexecutor.core;

import java.util.Objects;

/** What the three batch flavours share: the engine, built from the options, its name and closing. */
abstract class BatchExecutorBase<I, O> implements CollapseExecutor {

  final BatchEngine<I, O> engine;

  BatchExecutorBase(CollapseExecutorOptions options) {
    Objects.requireNonNull(options, "options");
    this.engine = new BatchEngine<>(Names.of(options.name(), getClass()), options);
  }

  /** Returns this executor's name, as used in error messages and reports. */
  @Override
  public String name() {
    return engine.name();
  }

  /**
   * Turns collapsing on or off for the batches that start from now on: while off, each input runs
   * in a batch of its own, without a collecting wait, under the same slots and limits. Batches
   * already collecting or running finish as they are.
   */
  @Override
  public void setCollapsing(boolean collapsing) {
    engine.queue().collapsing(collapsing);
  }

  @Override
  public boolean isCollapsing() {
    return engine.queue().isCollapsing();
  }

  /** Refuses new calls; inputs already accepted still run. Idempotent. */
  @Override
  public void close() {
    engine.close();
  }
}
