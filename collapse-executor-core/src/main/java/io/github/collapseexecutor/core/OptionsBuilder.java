package io.github.collapseexecutor.core;

import java.util.concurrent.Executor;

/**
 * The setters that the builders of both options types share, for the settings every collapse
 * executor takes: its name, its listener and the executor its async flavour runs on. Each setter
 * validates its value at once and returns the builder it was called on. Only
 * {@link CollapseExecutorOptions.Builder} and {@link GroupCollapseExecutorOptions.Builder} extend
 * it.
 *
 * @param <B> the builder
 */
public abstract sealed class OptionsBuilder<B extends OptionsBuilder<B>>
    permits CollapseExecutorOptions.Builder, GroupCollapseExecutorOptions.Builder {

  ExecutorSettings settings = ExecutorSettings.DEFAULTS;

  OptionsBuilder() {}

  /**
   * Sets the name used in error messages, reports and the names of the executor's own threads.
   * Default: the executor's simple class name.
   *
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public B name(String name) {
    settings = settings.withName(name);
    return self();
  }

  /**
   * Sets the listener that receives a report of each batch or shared run, and rejections and
   * timeouts. Default: {@link CollapseListener#NONE}.
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
   * flavours have no use for it. An async executor's {@code setExecutor}, called before its first
   * call, replaces this one.
   */
  public B executor(Executor executor) {
    settings = settings.withExecutor(executor);
    return self();
  }

  @SuppressWarnings("unchecked")
  private B self() {
    // sealed: B is always the final builder class that extends this one
    return (B) this;
  }
}
