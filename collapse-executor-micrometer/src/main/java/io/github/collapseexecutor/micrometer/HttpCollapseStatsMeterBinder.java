package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Publishes the counters of one HTTP collapse adapter as {@value #REQUESTS}, tagged
 * {@code executor} (the adapter's {@link HttpCollapseOptions#name() name}, else its integration),
 * {@code integration} and {@code outcome}: {@code passed-through}, {@code led}, {@code replayed}
 * or {@code fell-back}. Each request counts once; backend calls are every outcome but
 * {@code replayed}. The same counts per collapse group are {@value #GROUP_REQUESTS}, with a
 * {@code group} tag as well: the group's {@link CollapseGroup#name() name}. {@value #UNSHARED}
 * counts, by {@code reason} (the {@link UnsharedReason#tag()}, such as {@code set-cookie} or
 * {@code hit-for-pass}), the requests that did not get or give a shared response, and
 * {@value #GROUP_UNSHARED} the same per group. Meters that could only stay at zero are left out:
 * every outcome but {@code passed-through} of an adapter with no collapse group, and the reasons
 * its configuration rules out ({@code hit-for-pass} when hit-for-pass is off,
 * {@code uncacheable} when no policy says {@code never}, {@code not-recorded} but for the servlet
 * filter, whose integration is {@value #SERVLET_INTEGRATION}).
 *
 * <p>An adapter that only observes ({@link HttpCollapseOptions#observeOnly()}) also publishes, per
 * group, what collapse would have done: {@value #OBSERVED_WOULD_JOIN} and {@value
 * #OBSERVED_WOULD_SAVE} (its calls are the group's {@code passed-through} requests),
 * {@value #OBSERVED_UNSHARED} by {@code reason}, and {@value #OBSERVED_FAN_IN}, the would-be
 * shared calls by their number of callers, tagged {@code callers} with the upper bound of each
 * bucket of {@link HttpCollapseStats#FAN_IN_BOUNDS} ({@code +Inf} for the last).
 *
 * <p>With a plain {@link MeterRegistry}, bind each adapter once, with the options it was built
 * from and its stats:
 *
 * <pre>{@code
 * new HttpCollapseStatsMeterBinder("okhttp", options, interceptor.stats()).bindTo(registry);
 * }</pre>
 *
 * The Spring Boot auto-configuration binds every adapter it configures.
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

  /** Observing only: function counter of the requests of each group that would have joined. */
  public static final String OBSERVED_WOULD_JOIN = "collapse.observe.would.join";

  /** Observing only: function counter of the calls each group would have saved. */
  public static final String OBSERVED_WOULD_SAVE = "collapse.observe.would.save";

  /** Observing only: function counter of the responses of each group not shareable, by reason. */
  public static final String OBSERVED_UNSHARED = "collapse.observe.unshared";

  /** Observing only: function counter of each group's would-be shared calls, by callers. */
  public static final String OBSERVED_FAN_IN = "collapse.observe.fan.in";

  /** The servlet filter's integration, the one adapter whose answers can go unrecorded. */
  public static final String SERVLET_INTEGRATION = "servlet";

  private final String integration;
  private final HttpCollapseOptions options;
  private final HttpCollapseStats stats;

  /**
   * Creates a binder for the adapter built from {@code options} whose counters are
   * {@code stats}.
   *
   * @param integration the adapter's kind, the {@code integration} tag: the adapter's default
   *     name, such as {@code okhttp} or {@value #SERVLET_INTEGRATION}
   */
  public HttpCollapseStatsMeterBinder(
      String integration, HttpCollapseOptions options, HttpCollapseStats stats) {
    this.integration = Objects.requireNonNull(integration, "integration");
    this.options = Objects.requireNonNull(options, "options");
    this.stats = Objects.requireNonNull(stats, "stats");
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    String name = options.name();
    Tags tags = Tags.of("executor", name == null ? integration : name, "integration", integration);
    List<CollapseGroup> groups = options.groups();
    if (groups.isEmpty()) {
      // nothing can collapse: every request passes through
      counter(
          registry,
          REQUESTS,
          "Requests seen by an HTTP collapse adapter, by outcome",
          tags,
          "passed-through",
          stats,
          HttpCollapseStats::passedThrough);
      return;
    }
    outcomes(
        registry, REQUESTS, "Requests seen by an HTTP collapse adapter, by outcome", tags, stats);
    reasons(
        registry,
        UNSHARED,
        "Requests that got no shared response, by reason",
        tags,
        stats,
        PossibleReasons.of(integration, options, groups));
    for (int i = 0; i < groups.size(); i++) {
      Tags group = tags.and("group", groups.get(i).name());
      HttpCollapseStats groupStats = stats.groups().get(i);
      outcomes(
          registry,
          GROUP_REQUESTS,
          "Requests a collapse group took, by outcome",
          group,
          groupStats);
      reasons(
          registry,
          GROUP_UNSHARED,
          "Requests of a collapse group not shared, by reason",
          group,
          groupStats,
          PossibleReasons.of(integration, options, List.of(groups.get(i))));
      if (options.observeOnly()) {
        observed(
            registry,
            group,
            groupStats,
            PossibleReasons.of(integration, options, List.of(groups.get(i))));
      }
    }
  }

  private static void observed(
      MeterRegistry registry, Tags group, HttpCollapseStats stats, Set<UnsharedReason> possible) {
    FunctionCounter.builder(OBSERVED_WOULD_JOIN, stats, HttpCollapseStats::wouldJoin)
        .description("Requests that would have joined a call in progress")
        .tags(group)
        .baseUnit("requests")
        .register(registry);
    FunctionCounter.builder(OBSERVED_WOULD_SAVE, stats, HttpCollapseStats::wouldSave)
        .description("Calls collapse would have saved")
        .tags(group)
        .baseUnit("requests")
        .register(registry);
    reasons(
        registry,
        OBSERVED_UNSHARED,
        "Responses collapse would not have shared, by reason",
        group,
        stats,
        possible);
    List<Integer> bounds = HttpCollapseStats.FAN_IN_BOUNDS;
    for (int bucket = 0; bucket <= bounds.size(); bucket++) {
      int index = bucket;
      FunctionCounter.builder(
              OBSERVED_FAN_IN,
              stats,
              counted -> counted.fanIn().isEmpty() ? 0 : counted.fanIn().get(index))
          .description("Would-be shared calls, by their number of callers")
          .tags(group)
          .tag("callers", bucket < bounds.size() ? String.valueOf(bounds.get(bucket)) : "+Inf")
          .baseUnit("calls")
          .register(registry);
    }
  }

  private static void reasons(
      MeterRegistry registry,
      String name,
      String description,
      Tags tags,
      HttpCollapseStats stats,
      Set<UnsharedReason> possible) {
    for (UnsharedReason reason : possible) {
      FunctionCounter.builder(name, stats, counted -> counted.unshared(reason))
          .description(description)
          .tags(tags)
          .tag("reason", reason.tag())
          .baseUnit("requests")
          .register(registry);
    }
  }

  private static void outcomes(
      MeterRegistry registry, String name, String description, Tags tags, HttpCollapseStats stats) {
    counter(
        registry,
        name,
        description,
        tags,
        "passed-through",
        stats,
        HttpCollapseStats::passedThrough);
    counter(registry, name, description, tags, "led", stats, HttpCollapseStats::led);
    counter(registry, name, description, tags, "replayed", stats, HttpCollapseStats::replayed);
    counter(registry, name, description, tags, "fell-back", stats, HttpCollapseStats::fellBack);
  }

  private static void counter(
      MeterRegistry registry,
      String name,
      String description,
      Tags tags,
      String outcome,
      HttpCollapseStats stats,
      ToDoubleFunction<HttpCollapseStats> count) {
    FunctionCounter.builder(name, stats, count)
        .description(description)
        .tags(tags)
        .tag("outcome", outcome)
        .baseUnit("requests")
        .register(registry);
  }
}
