package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.spring.observation.MethodObserver.MethodExecutor;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;

/**
 * The {@link MethodObserver} of an application without an {@code ObservationRegistry}: it observes
 * nothing, and announces each executor to its meter listener, so that its meters exist, at zero,
 * from the start.
 */
final class MetersOnly implements MethodObserver {

  static final MetersOnly INSTANCE = new MetersOnly();

  private MetersOnly() {}

  /**
   * Tells {@code listener} of {@code executor}, if it wants to know.
   *
   * @param observed whether an observation times each of the executor's runs
   */
  static void announce(MethodExecutor executor, CollapseListener listener, boolean observed) {
    CreatedExecutor created =
        executor.batches()
            ? CreatedExecutor.batch(executor.name(), executor.rejects(), executor.timesOut())
            : CreatedExecutor.sameKey(executor.name(), executor.timesOut());
    ExecutorCreationListener.announce(listener, created.observed(observed));
  }

  @Override
  public CollapseListener executorCreated(MethodExecutor executor, CollapseListener listener) {
    announce(executor, listener, /* observed= */ false);
    return listener;
  }

  /** Micrometer's key, so that a caller's observation stays with the caller, as when observed. */
  @Override
  public String contextKey() {
    return ObservationThreadLocalAccessor.KEY;
  }
}
