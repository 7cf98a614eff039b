package io.github.collapseexecutor.http;

import io.github.collapseexecutor.core.CollapseListener;

/**
 * A {@link CollapseListener} that also hears, from an HTTP adapter, of every request that got no
 * shared response or could not give one, with the reason: the events that
 * {@link HttpCollapseStats#unshared(UnsharedReason)} counts. Give it to
 * {@link HttpCollapseOptions.Builder#listener}; the adapter then calls it as well as the core
 * methods. The same rules hold: quick, never blocking, and whatever it throws is logged and
 * otherwise ignored.
 */
public interface HttpCollapseListener extends CollapseListener {

  /**
   * Called once for each request counted under {@code reason}, on the request's thread.
   *
   * @param executorName the adapter's executor
   * @param group the collapse group the request matched
   */
  default void requestUnshared(String executorName, CollapseGroup group, UnsharedReason reason) {}
}
