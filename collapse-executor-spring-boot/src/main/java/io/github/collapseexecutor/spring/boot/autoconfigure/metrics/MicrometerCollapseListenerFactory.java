package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseListenerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;

/** Gives every auto-configured executor a {@link MicrometerCollapseListener}. */
public final class MicrometerCollapseListenerFactory implements CollapseListenerFactory {

  private final MeterRegistry registry;

  /** Creates a factory of listeners that record into {@code registry}. */
  public MicrometerCollapseListenerFactory(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  @Override
  public CollapseListener create(String integration) {
    return new MicrometerCollapseListener(registry, integration);
  }
}
