package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.internal.ObservedExecutorRuns;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Observes, as {@code collapse.call}, the runs of the executors an application builds from the
 * {@link io.github.collapseexecutor.core.CollapseExecutorOptions} bean, when an
 * {@link ObservationRegistry} bean exists. It also says so ({@link #observes}), so that a meter
 * listener leaves the timing of those runs to the observation's timer instead of timing them
 * twice.
 */
public final class CoreRunObservations implements CollapseListenerFactory {

  private final ObjectProvider<ObservationRegistry> registry;
  private final ObjectProvider<CollapseObservationConvention> convention;

  CoreRunObservations(
      ObjectProvider<ObservationRegistry> registry,
      ObjectProvider<CollapseObservationConvention> convention) {
    this.registry = registry;
    this.convention = convention;
  }

  /** Returns whether the runs of the executors of {@code integration} are observed. */
  public boolean observes(String integration) {
    return CollapseExecutorAutoConfiguration.INTEGRATION.equals(integration)
        && registry.getIfAvailable() != null;
  }

  @Override
  public CollapseListener create(String integration) {
    return observes(integration)
        ? new ObservedExecutorRuns(
            CollapseObservations.of(registry.getObject())
                .withConvention(convention.getIfAvailable()))
        : CollapseListener.NONE;
  }
}
