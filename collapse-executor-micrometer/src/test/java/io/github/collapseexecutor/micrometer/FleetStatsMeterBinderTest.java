package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetStats;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** The fleet tier's meters on a plain registry, with no Spring. */
final class FleetStatsMeterBinderTest {

  private final Counts stats = new Counts();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @Test
  void eachOutcomeIsACounterAndFallbacksAreCountedByReason() {
    new FleetStatsMeterBinder("quotes", stats).bindTo(registry);

    assertThat(count("led", "none")).isEqualTo(1);
    assertThat(count("joined", "none")).isEqualTo(2);
    assertThat(count("fell-back", "tier-down")).isEqualTo(30);
    assertThat(count("fell-back", "timeout")).isEqualTo(31);
    assertThat(count("fell-back", "redis-error")).isEqualTo(32);
    assertThat(
            registry
                .get(FleetStatsMeterBinder.CALLS)
                .tag("outcome", "fell-back")
                .functionCounters())
        .hasSize(FallbackReason.values().length);
    assertThat(count("lease-lost", "none")).isEqualTo(4);
    assertThat(count("unshared", "none")).isEqualTo(5);
    assertThat(
            registry
                .get(FleetStatsMeterBinder.OUTAGES)
                .tag("fleet", "quotes")
                .functionCounter()
                .count())
        .isEqualTo(6);
    assertThat(
            registry
                .get(FleetStatsMeterBinder.EVICTED)
                .tag("fleet", "quotes")
                .functionCounter()
                .count())
        .isEqualTo(7);
  }

  @Test
  void theStateIsOneGaugePerStateOfWhichOneIsOne() {
    new FleetStatsMeterBinder("quotes", stats).bindTo(registry);

    stats.state = FleetState.MISCONFIGURED;
    assertThat(state("misconfigured")).isEqualTo(1);
    assertThat(state("coordinating") + state("starting") + state("failing-open")).isZero();
    assertThat(registry.get(FleetStatsMeterBinder.COORDINATING).gauge().value()).isZero();

    stats.state = FleetState.COORDINATING;
    assertThat(state("coordinating")).isEqualTo(1);
    assertThat(state("misconfigured")).isZero();
    assertThat(
            registry.get(FleetStatsMeterBinder.COORDINATING).tag("fleet", "quotes").gauge().value())
        .isEqualTo(1);
  }

  private double count(String outcome, String reason) {
    return registry
        .get(FleetStatsMeterBinder.CALLS)
        .tag("fleet", "quotes")
        .tag("outcome", outcome)
        .tag("reason", reason)
        .functionCounter()
        .count();
  }

  private double state(String state) {
    return registry
        .get(FleetStatsMeterBinder.STATE)
        .tag("fleet", "quotes")
        .tag("state", state)
        .gauge()
        .value();
  }

  /** Counts of its own, one number per outcome, so that a meter on the wrong one shows. */
  private static final class Counts implements FleetStats {

    volatile FleetState state = FleetState.STARTING;

    @Override
    public long led() {
      return 1;
    }

    @Override
    public long joined() {
      return 2;
    }

    @Override
    public long fellBack() {
      return 93;
    }

    @Override
    public long fellBack(FallbackReason reason) {
      return 30 + reason.ordinal();
    }

    @Override
    public long leaseLost() {
      return 4;
    }

    @Override
    public long unshared() {
      return 5;
    }

    @Override
    public long outages() {
      return 6;
    }

    @Override
    public long evicted() {
      return 7;
    }

    @Override
    public FleetState state() {
      return state;
    }

    @Override
    public boolean coordinating() {
      return state == FleetState.COORDINATING;
    }
  }
}
