package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.micrometer.MicrometerCollapseListener;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseListenerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;
import java.util.function.Predicate;

/** Gives every auto-configured executor a {@link MicrometerCollapseListener}. */
final class MicrometerCollapseListenerFactory implements CollapseListenerFactory {

  private final MeterRegistry registry;
  private final Predicate<String> runsObserved;

  /** Creates a factory of listeners that record into {@code registry}. */
  public MicrometerCollapseListenerFactory(MeterRegistry registry) {
    this(registry, integration -> false);
  }

  /**
   * Creates a factory of listeners that record into {@code registry}.
   *
   * @param runsObserved whether an observation times the runs of an integration's executors that
   *     the listener is not told of, given the integration's name
   */
  public MicrometerCollapseListenerFactory(MeterRegistry registry, Predicate<String> runsObserved) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.runsObserved = Objects.requireNonNull(runsObserved, "runsObserved");
  }

  @Override
  public CollapseListener create(String integration) {
    return new MicrometerCollapseListener(registry, integration, runsObserved.test(integration));
  }
}
