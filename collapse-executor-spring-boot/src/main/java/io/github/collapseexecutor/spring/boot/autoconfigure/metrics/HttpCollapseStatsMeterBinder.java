package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.http.HttpCollapseStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Publishes the counters of every HTTP collapse executor in {@link CollapseExecutors} as
 * {@value #REQUESTS}, tagged {@code executor}, {@code integration} and {@code outcome}:
 * {@code passed-through}, {@code led}, {@code replayed} or {@code fell-back}. Each request counts
 * once; backend calls are every outcome but {@code replayed}. Executors registered after binding
 * are published as they arrive.
 */
public final class HttpCollapseStatsMeterBinder implements MeterBinder {

  /** Function counter of requests by outcome. */
  public static final String REQUESTS = "collapse.http.requests";

  private final CollapseExecutors executors;

  /** Creates a binder for the executors of {@code executors}. */
  public HttpCollapseStatsMeterBinder(CollapseExecutors executors) {
    this.executors = Objects.requireNonNull(executors, "executors");
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    executors.observe(executor -> bind(registry, executor));
  }

  private static void bind(MeterRegistry registry, CollapseExecutorDescriptor executor) {
    Tags tags = Tags.of("executor", executor.name(), "integration", executor.integration());
    HttpCollapseStats stats = executor.stats();
    counter(registry, tags, "passed-through", stats, HttpCollapseStats::passedThrough);
    counter(registry, tags, "led", stats, HttpCollapseStats::led);
    counter(registry, tags, "replayed", stats, HttpCollapseStats::replayed);
    counter(registry, tags, "fell-back", stats, HttpCollapseStats::fellBack);
  }

  private static void counter(MeterRegistry registry, Tags tags, String outcome,
      HttpCollapseStats stats, ToDoubleFunction<HttpCollapseStats> count) {
    FunctionCounter.builder(REQUESTS, stats, count)
        .description("Requests seen by an HTTP collapse adapter, by outcome")
        .tags(tags).tag("outcome", outcome).baseUnit("requests")
        .register(registry);
  }
}
