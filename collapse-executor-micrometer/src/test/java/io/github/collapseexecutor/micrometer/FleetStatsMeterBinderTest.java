package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetStats;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** The fleet tier's meters on a plain registry, with no Spring. */
final class FleetStatsMeterBinderTest {

  @Test
  void eachOutcomeIsACounterAndTheStateAGauge() {
    Counts stats = new Counts();
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    new FleetStatsMeterBinder("quotes", stats).bindTo(registry);

    stats.coordinating = true;

    assertThat(count(registry, "led")).isEqualTo(1);
    assertThat(count(registry, "joined")).isEqualTo(2);
    assertThat(count(registry, "fell-back")).isEqualTo(3);
    assertThat(count(registry, "lease-lost")).isEqualTo(4);
    assertThat(count(registry, "unshared")).isEqualTo(5);
    assertThat(registry.get(FleetStatsMeterBinder.OUTAGES).tag("fleet", "quotes")
        .functionCounter().count()).isEqualTo(6);
    assertThat(registry.get(FleetStatsMeterBinder.COORDINATING).tag("fleet", "quotes").gauge()
        .value()).isEqualTo(1);
    stats.coordinating = false;
    assertThat(registry.get(FleetStatsMeterBinder.COORDINATING).gauge().value()).isZero();
  }

  private static double count(SimpleMeterRegistry registry, String outcome) {
    return registry.get(FleetStatsMeterBinder.CALLS).tag("fleet", "quotes")
        .tag("outcome", outcome).functionCounter().count();
  }

  /** Counts of its own, one number per outcome, so that a meter on the wrong one shows. */
  private static final class Counts implements FleetStats {

    volatile boolean coordinating;

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
      return 3;
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
    public boolean coordinating() {
      return coordinating;
    }
  }
}
