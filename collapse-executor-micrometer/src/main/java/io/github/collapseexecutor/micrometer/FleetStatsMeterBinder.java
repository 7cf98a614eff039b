package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.redis.FleetStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Publishes what the fleet tier of one instance ({@code collapse-executor-redis}) did, tagged
 * {@code fleet} (its {@code FleetOptions} name): {@value #CALLS} by {@code outcome}, each call
 * that reached the tier counted once: {@code led} (this instance made the call for the fleet),
 * {@code joined} (it took another instance's result), {@code fell-back} (Redis was down, slow or
 * full: local collapse only), {@code lease-lost} (it waited for another instance, whose lease or
 * its own wait ran out, then made its own call) and {@code unshared} (the other instance's result
 * was not shared); {@value #OUTAGES}, how many times Redis stopped answering; and
 * {@value #COORDINATING}, 1 while the tier coordinates through Redis and 0 while it fails open.
 *
 * <p>With a plain {@link MeterRegistry}, bind each coordinator once:
 *
 * <pre>{@code
 * new FleetStatsMeterBinder(options.name(), coordinator.stats()).bindTo(registry);
 * }</pre>
 *
 * The Spring Boot auto-configuration binds the coordinator it makes.
 */
// collapse-executor-redis is optional to the module (requires static): whoever binds this has it
@SuppressWarnings("exports")
public final class FleetStatsMeterBinder implements MeterBinder {

  /** Function counter of the calls that reached the fleet tier, by outcome. */
  public static final String CALLS = "collapse.fleet.calls";

  /** Function counter of the times Redis stopped answering. */
  public static final String OUTAGES = "collapse.fleet.outages";

  /** Gauge: 1 while the tier coordinates through Redis, 0 while it fails open. */
  public static final String COORDINATING = "collapse.fleet.coordinating";

  private final String name;
  private final FleetStats stats;

  /** Creates a binder for the coordinator named {@code name} whose counters are {@code stats}. */
  public FleetStatsMeterBinder(String name, FleetStats stats) {
    this.name = Objects.requireNonNull(name, "name");
    this.stats = Objects.requireNonNull(stats, "stats");
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Tags tags = Tags.of("fleet", name);
    calls(registry, tags, "led", FleetStats::led);
    calls(registry, tags, "joined", FleetStats::joined);
    calls(registry, tags, "fell-back", FleetStats::fellBack);
    calls(registry, tags, "lease-lost", FleetStats::leaseLost);
    calls(registry, tags, "unshared", FleetStats::unshared);
    calls(registry, tags, "overtaken", FleetStats::overtaken);
    FunctionCounter.builder(OUTAGES, stats, FleetStats::outages)
        .description("Times Redis stopped answering the fleet tier")
        .tags(tags).baseUnit("outages")
        .register(registry);
    Gauge.builder(COORDINATING, stats, counted -> counted.coordinating() ? 1 : 0)
        .description("Whether the fleet tier coordinates through Redis (1) or fails open (0)")
        .tags(tags)
        .register(registry);
  }

  private void calls(MeterRegistry registry, Tags tags, String outcome,
      ToDoubleFunction<FleetStats> count) {
    FunctionCounter.builder(CALLS, stats, count)
        .description("Calls that reached the fleet tier, by outcome")
        .tags(tags).tag("outcome", outcome).baseUnit("calls")
        .register(registry);
  }
}
