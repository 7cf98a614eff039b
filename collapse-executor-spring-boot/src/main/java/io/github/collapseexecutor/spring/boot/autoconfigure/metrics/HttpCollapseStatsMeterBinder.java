package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Publishes the counters of every HTTP collapse executor in {@link CollapseExecutors} as
 * {@value #REQUESTS}, tagged {@code executor}, {@code integration} and {@code outcome}:
 * {@code passed-through}, {@code led}, {@code replayed} or {@code fell-back}. Each request counts
 * once; backend calls are every outcome but {@code replayed}. The same counts per collapse group
 * are {@value #GROUP_REQUESTS}, with a {@code group} tag as well: the group's
 * {@link CollapseGroup#name() name}. {@value #UNSHARED} counts, by {@code reason} (the
 * {@link UnsharedReason#tag()}, such as {@code set-cookie} or {@code hit-for-pass}), the requests
 * that did not get or give a shared response, and {@value #GROUP_UNSHARED} the same per group.
 * Executors registered after binding are published as they arrive. Meters that could only stay at
 * zero are left out: every outcome but {@code passed-through} of an adapter with no collapse
 * group, and the reasons its configuration rules out ({@code hit-for-pass} when hit-for-pass is
 * off, {@code uncacheable} when no policy says {@code never}, {@code not-recorded} but for the
 * servlet filter).
 */
public final class HttpCollapseStatsMeterBinder implements MeterBinder {

  /** Function counter of requests by outcome. */
  public static final String REQUESTS = "collapse.http.requests";

  /** Function counter of the requests each collapse group took, by outcome. */
  public static final String GROUP_REQUESTS = "collapse.http.group.requests";

  /** Function counter of requests that did not get or give a shared response, by reason. */
  public static final String UNSHARED = "collapse.http.unshared";

  /** Function counter of the requests of each collapse group not shared, by reason. */
  public static final String GROUP_UNSHARED = "collapse.http.group.unshared";

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
    List<CollapseGroup> groups = executor.options().groups();
    if (groups.isEmpty()) {
      // nothing can collapse: every request passes through
      counter(registry, REQUESTS, "Requests seen by an HTTP collapse adapter, by outcome", tags,
          "passed-through", executor.stats(), HttpCollapseStats::passedThrough);
      return;
    }
    outcomes(registry, REQUESTS, "Requests seen by an HTTP collapse adapter, by outcome", tags,
        executor.stats());
    reasons(registry, UNSHARED, "Requests that got no shared response, by reason", tags,
        executor.stats(), PossibleReasons.of(executor, groups));
    for (int i = 0; i < groups.size(); i++) {
      Tags group = tags.and("group", groups.get(i).name());
      HttpCollapseStats stats = executor.stats().groups().get(i);
      outcomes(registry, GROUP_REQUESTS, "Requests a collapse group took, by outcome", group,
          stats);
      reasons(registry, GROUP_UNSHARED, "Requests of a collapse group not shared, by reason",
          group, stats, PossibleReasons.of(executor, List.of(groups.get(i))));
    }
  }

  private static void reasons(MeterRegistry registry, String name, String description, Tags tags,
      HttpCollapseStats stats, Set<UnsharedReason> possible) {
    for (UnsharedReason reason : possible) {
      FunctionCounter.builder(name, stats, counted -> counted.unshared(reason))
          .description(description)
          .tags(tags).tag("reason", reason.tag()).baseUnit("requests")
          .register(registry);
    }
  }

  private static void outcomes(MeterRegistry registry, String name, String description, Tags tags,
      HttpCollapseStats stats) {
    counter(registry, name, description, tags, "passed-through", stats,
        HttpCollapseStats::passedThrough);
    counter(registry, name, description, tags, "led", stats, HttpCollapseStats::led);
    counter(registry, name, description, tags, "replayed", stats, HttpCollapseStats::replayed);
    counter(registry, name, description, tags, "fell-back", stats, HttpCollapseStats::fellBack);
  }

  private static void counter(MeterRegistry registry, String name, String description, Tags tags,
      String outcome, HttpCollapseStats stats, ToDoubleFunction<HttpCollapseStats> count) {
    FunctionCounter.builder(name, stats, count)
        .description(description)
        .tags(tags).tag("outcome", outcome).baseUnit("requests")
        .register(registry);
  }
}
