package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

final class NamedExecutorsTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class));

  @Test
  void eachExecutorInheritsFromDefaultWhichInheritsFromTheTopLevelKeys() {
    runner
        .withPropertyValues(
            "collapse.executor.max-concurrent-batches=3",
            "collapse.executor.collecting-wait-time=7",
            "collapse.executor.executors.default.max-batch-size=200",
            "collapse.executor.executors.default.timeout=2s",
            "collapse.executor.executors.users.max-batch-size=50",
            "collapse.executor.executors.users.max-pending-inputs=1000",
            "collapse.executor.executors.users.adaptive-concurrency=false",
            "collapse.executor.executors.orders.timeout=250")
        .run(
            context -> {
              NamedExecutors executors = context.getBean(NamedExecutors.class);
              assertThat(executors.names()).containsExactly("default", "orders", "users");

              NamedExecutor defaults = executors.get("default");
              assertThat(defaults.options().maxBatchSize()).isEqualTo(200);
              assertThat(defaults.options().maxConcurrentBatches()).isEqualTo(3);
              assertThat(defaults.options().adaptiveConcurrency()).isTrue();
              assertThat(defaults.timeout()).isEqualTo(Duration.ofSeconds(2));

              NamedExecutor users = executors.get("users");
              assertThat(users.options().name()).isEqualTo("users");
              assertThat(users.options().maxBatchSize()).isEqualTo(50);
              assertThat(users.options().maxPendingInputs()).isEqualTo(1000);
              assertThat(users.options().maxConcurrentBatches()).isEqualTo(3);
              assertThat(users.options().adaptiveConcurrency()).isFalse();
              assertThat(users.options().collectingWaitTime()).isEqualTo(Duration.ofMillis(7));
              assertThat(users.timeout()).isEqualTo(Duration.ofSeconds(2));

              NamedExecutor orders = executors.get("orders");
              assertThat(orders.options().maxBatchSize()).isEqualTo(200);
              assertThat(orders.timeout())
                  .as("a plain number is milliseconds")
                  .isEqualTo(Duration.ofMillis(250));
            });
  }

  @Test
  void theResultCopierIsInheritedFromDefaultAndAnEmptyOneTurnsCopiesOff() {
    runner
        .withPropertyValues(
            "collapse.executor.executors.default.result-copier=jacksonResultCopier",
            "collapse.executor.executors.carts.max-batch-size=5",
            "collapse.executor.executors.prices.result-copier=")
        .run(
            context -> {
              NamedExecutors executors = context.getBean(NamedExecutors.class);
              assertThat(executors.get("default").resultCopier()).isEqualTo("jacksonResultCopier");
              assertThat(executors.get("carts").resultCopier()).isEqualTo("jacksonResultCopier");
              assertThat(executors.get("prices").resultCopier()).isNull();
            });
  }

  @Test
  void withoutConfigurationThereIsADefaultExecutorWithTheCoreDefaults() {
    runner.run(
        context -> {
          NamedExecutor defaults = context.getBean(NamedExecutors.class).get("default");
          assertThat(defaults.options().maxBatchSize())
              .isEqualTo(CollapseExecutorOptions.DEFAULT_MAX_BATCH_SIZE);
          assertThat(defaults.timeout()).isNull();
        });
  }

  @Test
  void anUnknownNameIsRejectedWithTheNamesConfigured() {
    runner
        .withPropertyValues("collapse.executor.executors.users.max-batch-size=5")
        .run(
            context ->
                assertThatIllegalArgumentException()
                    .isThrownBy(() -> context.getBean(NamedExecutors.class).get("userz"))
                    .withMessage(
                        "no executor named 'userz' in collapse.executor.executors;"
                            + " configured: [default, users]"));
  }

  @Test
  void aValueTheOptionsBuilderRejectsStopsTheApplicationNamingTheKey() {
    runner
        .withPropertyValues(
            "collapse.executor.executors.users.max-batch-size=0",
            "collapse.executor.executors.default.timeout=-1s")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.executors.users.max-batch-size='0': must be positive")
                    .contains(
                        "collapse.executor.executors.default.timeout='-1s': must not be negative"));
  }
}
