package io.github.collapseexecutor.core;

import java.util.concurrent.Executor;

/**
 * What the builders of both options types set alike: the name, listener and executor that every
 * collapse executor takes. Its setters are public, and each builder shows them as its own, returning
 * itself.
 *
 * @param <B> the builder
 */
abstract class ExecutorSettingsBuilder<B extends ExecutorSettingsBuilder<B>> {

  ExecutorSettings settings = ExecutorSettings.DEFAULTS;

  ExecutorSettingsBuilder() {}

  /**
   * Sets the name used in error messages, reports and the names of the executor's own threads.
   *
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public B name(String name) {
    settings = settings.withName(name);
    return self();
  }

  /**
   * Sets the listener that receives a report of each batch or shared run, and rejections and
   * timeouts.
   */
  public B listener(CollapseListener listener) {
    settings = settings.withListener(listener);
    return self();
  }

  /**
   * Sets the executor that the async flavours ({@link CollapseExecutorAsyncSupport},
   * {@link AsyncCallableGroupCollapseExecutor}) run their batches or work on; the caller owns it,
   * and closing the collapse executor does not shut it down. Default: a pool of the collapse
   * executor's own daemon threads, started as they are needed and ended when idle. The other
   * flavours have no use for it.
   */
  public B executor(Executor executor) {
    settings = settings.withExecutor(executor);
    return self();
  }

  @SuppressWarnings("unchecked")
  private B self() {
    // B is the class that extends this one, and only builders of this package extend it
    return (B) this;
  }
}
