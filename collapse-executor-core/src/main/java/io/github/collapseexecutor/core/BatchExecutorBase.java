package io.github.collapseexecutor.core;

import java.util.Objects;

/** What the three batch flavours share: the engine, built from the options, its name and closing. */
abstract class BatchExecutorBase<I, O> implements AutoCloseable {

  final BatchEngine<I, O> engine;

  BatchExecutorBase(CollapseExecutorOptions options) {
    Objects.requireNonNull(options, "options");
    this.engine = new BatchEngine<>(Names.of(options.name(), getClass()), options);
  }

  /** Returns how many inputs wait for a batch slot at this moment. */
  int pendingInputs() {
    return engine.pendingCount();
  }

  /** Returns this executor's name, as used in error messages and reports. */
  public String name() {
    return engine.name();
  }

  /** Refuses new calls; inputs already accepted still run. Idempotent. */
  @Override
  public void close() {
    engine.close();
  }
}
