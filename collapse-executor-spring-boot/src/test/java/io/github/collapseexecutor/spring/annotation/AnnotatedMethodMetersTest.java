package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.metrics.CollapseMetricsAutoConfiguration;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;

/**
 * The meters of annotated methods' executors exist as soon as their bean does, before any call,
 * and only for what each executor can report.
 */
final class AnnotatedMethodMetersTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  CollapseMetricsAutoConfiguration.class))
          .withBean(SimpleMeterRegistry.class, SimpleMeterRegistry::new)
          .withPropertyValues(
              "collapse.executor.executors.users.max-pending-inputs=1000",
              "collapse.executor.executors.users.timeout=5s")
          .withUserConfiguration(Services.class);

  @Test
  void aCollapsibleMethodWithoutTimeoutHasNoWaitRejectionOrTimeoutMeter() {
    runner.run(
        context ->
            assertThat(meterNames(context.getBean(MeterRegistry.class), "Directory.profile"))
                .containsExactlyInAnyOrder(
                    "collapse.executor.batch.size",
                    "collapse.executor.calls",
                    "collapse.executor.calls",
                    "collapse.executor.execution",
                    "collapse.executor.execution"));
  }

  @Test
  void anObservedMethodLeavesTheTimingOfItsRunsToTheObservation() {
    runner
        .withBean(ObservationRegistry.class, ObservationRegistry::create)
        .run(
            context -> {
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(meterNames(registry, "Directory.profile"))
                  .containsExactlyInAnyOrder(
                      "collapse.executor.batch.size",
                      "collapse.executor.calls",
                      "collapse.executor.calls");
              assertThat(meterNames(registry, "Directory.user"))
                  .doesNotContain("collapse.executor.execution")
                  .contains("collapse.executor.wait");
            });
  }

  @Test
  void aCollapsibleFutureMethodWithATimeoutHasATimeoutMeter() {
    runner.run(
        context ->
            assertThat(meterNames(context.getBean(MeterRegistry.class), "Directory.profileLater"))
                .contains("collapse.executor.timeouts"));
  }

  @Test
  void aBatchMethodWithLimitAndTimeoutHasEveryMeterBeforeItsFirstCall() {
    runner.run(
        context ->
            assertThat(meterNames(context.getBean(MeterRegistry.class), "Directory.user"))
                .hasSize(8)
                .contains(
                    "collapse.executor.wait",
                    "collapse.executor.rejections",
                    "collapse.executor.timeouts"));
  }

  private static List<String> meterNames(MeterRegistry registry, String executor) {
    return registry.getMeters().stream()
        .filter(meter -> executor.equals(meter.getId().getTag("executor")))
        .map(Meter::getId)
        .map(Meter.Id::getName)
        .toList();
  }

  static class Services {

    @Bean
    Directory directory() {
      return new Directory();
    }
  }

  static class Directory {

    @Collapsible
    public String profile(long id) {
      return "profile " + id;
    }

    @Collapsible(executor = "users")
    public CompletableFuture<String> profileLater(long id) {
      return CompletableFuture.completedFuture("profile " + id);
    }

    @CollapseBatch(batchMethod = "users", executor = "users")
    public String user(Long id) {
      return users(List.of(id)).get(id);
    }

    public Map<Long, String> users(List<Long> ids) {
      return Map.of(ids.get(0), "user");
    }
  }
}
