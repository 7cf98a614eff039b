package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.fleet.FleetStats;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Publishes the statistics of the fleet tier of one instance ({@link FleetStats}, which a store
 * such as {@code collapse-executor-redis}'s coordinator counts), tagged {@code fleet} (the tier's
 * name): {@value #CALLS} by {@code outcome}, each call
 * that reached the tier counted once: {@code led} (this instance made the call for the fleet),
 * {@code joined} (it took another instance's result), {@code fell-back} (local collapse only, by
 * {@code reason}: {@code tier-down}, {@code timeout} or {@code redis-error}; every other outcome
 * has reason {@code none}), {@code lease-lost} (it waited for another instance, whose lease or
 * its own wait ran out, then made its own call), {@code unshared} (the other instance's result
 * was not shared), {@code overtaken} and {@code joined-own} (it took the result of a call of
 * its own instance); {@value #EVICTED}, the leases this instance led that
 * Redis dropped while their calls ran; {@value #OUTAGES}, how many times Redis stopped answering;
 * {@value #STATE}, 1 for the {@code state} the tier is in ({@code starting}, {@code
 * coordinating}, {@code failing-open}, {@code misconfigured}, {@code degraded}, {@code idle}) and 0 for the others; and
 * {@value #COORDINATING}, 1 while the tier coordinates through Redis and 0 otherwise.
 *
 * <p>With a plain {@link MeterRegistry}, bind each coordinator once:
 *
 * <pre>{@code
 * new FleetStatsMeterBinder(options.name(), coordinator.stats()).bindTo(registry);
 * }</pre>
 *
 * The Spring Boot auto-configuration binds the coordinator it makes.
 */
public final class FleetStatsMeterBinder implements MeterBinder {

  /** Function counter of the calls that reached the fleet tier, by outcome and reason. */
  public static final String CALLS = "collapse.fleet.calls";

  /** Function counter of the leases this instance led that Redis dropped while their call ran. */
  public static final String EVICTED = "collapse.fleet.evicted";

  /** Function counter of the times Redis stopped answering. */
  public static final String OUTAGES = "collapse.fleet.outages";

  /** Gauge per state: 1 for the state the tier is in, 0 for the others. */
  public static final String STATE = "collapse.fleet.state";

  /** Gauge: 1 while the tier coordinates through Redis, 0 otherwise. */
  public static final String COORDINATING = "collapse.fleet.coordinating";

  /** The {@code reason} of every outcome but {@code fell-back}. */
  private static final String NO_REASON = "none";

  private final String name;
  private final FleetStats stats;

  /** Creates a binder for the tier named {@code name} whose statistics are {@code stats}. */
  public FleetStatsMeterBinder(String name, FleetStats stats) {
    this.name = Objects.requireNonNull(name, "name");
    this.stats = Objects.requireNonNull(stats, "stats");
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Tags tags = Tags.of("fleet", name);
    calls(registry, tags, "led", NO_REASON, FleetStats::led);
    calls(registry, tags, "joined", NO_REASON, FleetStats::joined);
    for (FallbackReason reason : FallbackReason.values()) {
      calls(registry, tags, "fell-back", tagValue(reason), counted -> counted.fellBack(reason));
    }
    calls(registry, tags, "lease-lost", NO_REASON, FleetStats::leaseLost);
    calls(registry, tags, "unshared", NO_REASON, FleetStats::unshared);
    calls(registry, tags, "overtaken", NO_REASON, FleetStats::overtaken);
    calls(registry, tags, "joined-own", NO_REASON, FleetStats::joinedOwn);
    FunctionCounter.builder(EVICTED, stats, FleetStats::evicted)
        .description("Leases this instance led that Redis dropped while their call ran")
        .tags(tags)
        .baseUnit("leases")
        .register(registry);
    FunctionCounter.builder(OUTAGES, stats, FleetStats::outages)
        .description("Times Redis stopped answering the fleet tier")
        .tags(tags)
        .baseUnit("outages")
        .register(registry);
    for (FleetState state : FleetState.values()) {
      Gauge.builder(STATE, stats, counted -> counted.state() == state ? 1 : 0)
          .description("Whether the fleet tier is in this state (1) or not (0)")
          .tags(tags)
          .tag("state", tagValue(state))
          .register(registry);
    }
    Gauge.builder(COORDINATING, stats, counted -> counted.coordinating() ? 1 : 0)
        .description("Whether the fleet tier coordinates through Redis (1) or not (0)")
        .tags(tags)
        .register(registry);
  }

  private void calls(
      MeterRegistry registry,
      Tags tags,
      String outcome,
      String reason,
      ToDoubleFunction<FleetStats> count) {
    FunctionCounter.builder(CALLS, stats, count)
        .description("Calls that reached the fleet tier, by outcome")
        .tags(tags)
        .tag("outcome", outcome)
        .tag("reason", reason)
        .baseUnit("calls")
        .register(registry);
  }

  /** Returns {@code constant} as a tag value: {@code FAILING_OPEN} as {@code failing-open}. */
  private static String tagValue(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
