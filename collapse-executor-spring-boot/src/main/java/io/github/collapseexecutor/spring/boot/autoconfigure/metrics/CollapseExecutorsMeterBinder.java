package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.Objects;

/**
 * Binds the counters of every HTTP adapter in {@link CollapseExecutors} with an
 * {@link HttpCollapseStatsMeterBinder}, those registered after binding as they arrive; removes the
 * meters of one unregistered.
 */
final class CollapseExecutorsMeterBinder implements MeterBinder {

  private final CollapseExecutors executors;

  CollapseExecutorsMeterBinder(CollapseExecutors executors) {
    this.executors = Objects.requireNonNull(executors, "executors");
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    executors.observe(
        executor ->
            new HttpCollapseStatsMeterBinder(
                    executor.integration(), executor.options(), executor.stats())
                .bindTo(registry),
        removed -> removeMeters(registry, removed));
  }

  /**
   * Removes the meters of an adapter that was unregistered, its requests', its executor's and its
   * observations': a successor under the same name registers its own, which the registry would
   * otherwise answer with these, and one that has none leaves no meter behind.
   */
  private static void removeMeters(MeterRegistry registry, CollapseExecutorDescriptor removed) {
    for (Meter meter : List.copyOf(registry.getMeters())) {
      Meter.Id id = meter.getId();
      String integration = id.getTag("integration");
      // the observations' timers carry no integration
      if (id.getName().startsWith("collapse.")
          && removed.name().equals(id.getTag("executor"))
          && (integration == null || integration.equals(removed.integration()))) {
        registry.remove(meter);
      }
    }
  }
}
