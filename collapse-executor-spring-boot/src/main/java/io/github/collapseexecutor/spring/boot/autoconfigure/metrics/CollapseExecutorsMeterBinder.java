package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;

/**
 * Binds the counters of every HTTP adapter in {@link CollapseExecutors} with an
 * {@link HttpCollapseStatsMeterBinder}, those registered after binding as they arrive.
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
                .bindTo(registry));
  }
}
