package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The timers made from the {@code collapse.call} observation say what they measure. */
final class CollapseCallDescriptionTest {

  @Test
  void theCollapseCallTimersCarryADescription() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class))
        .run(
            context -> {
              SimpleMeterRegistry meters = new SimpleMeterRegistry();
              context.getBeanProvider(MeterFilter.class).forEach(meters.config()::meterFilter);
              ObservationRegistry observations = ObservationRegistry.create();
              observations
                  .observationConfig()
                  .observationHandler(new DefaultMeterObservationHandler(meters));

              Observation.createNotStarted("collapse.call", observations)
                  .lowCardinalityKeyValue("executor", "users")
                  .observe(() -> {});

              assertThat(meters.get("collapse.call").timer().getId().getDescription())
                  .isEqualTo(CollapseCallDescription.TIMER);
              assertThat(
                      meters.get("collapse.call.active").longTaskTimer().getId().getDescription())
                  .isEqualTo(CollapseCallDescription.ACTIVE);
              meters.timer("collapse.other");
              assertThat(meters.get("collapse.other").timer().getId().getDescription()).isNull();
            });
  }
}
