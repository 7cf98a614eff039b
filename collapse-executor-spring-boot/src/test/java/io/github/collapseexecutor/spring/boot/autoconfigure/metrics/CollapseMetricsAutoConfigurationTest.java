package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseListenerFactory;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

final class CollapseMetricsAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  LineFixtures.METRICS_AUTO_CONFIGURATION,
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseOkHttpAutoConfiguration.class,
                  CollapseMetricsAutoConfiguration.class))
          .withBean(SimpleMeterRegistry.class, SimpleMeterRegistry::new);

  @Test
  void recordsBatchSizesCallsWaitsExecutionsRejectionsAndTimeouts() {
    runner.run(
        context -> {
          CollapseListener listener = context.getBean(CollapseExecutorOptions.class).listener();
          listener.batchCompleted(
              BatchReport.builder("users")
                  .size(4)
                  .collectNanos(2_000_000)
                  .executeNanos(5_000_000)
                  .build());
          listener.batchCompleted(
              BatchReport.builder("users")
                  .size(1)
                  .executeNanos(1_000_000)
                  .failure(new IOException("x"))
                  .build());
          listener.callRejected("users");
          listener.callTimedOut("users");
          listener.callTimedOut("users");
          MeterRegistry registry = context.getBean(MeterRegistry.class);
          String[] tags = {"executor", "users", "integration", "core"};
          assertThat(registry.get("collapse.executor.batch.size").tags(tags).summary().count())
              .isEqualTo(2);
          assertThat(registry.get("collapse.executor.batch.size").tags(tags).summary().max())
              .isEqualTo(4);
          assertThat(
                  registry
                      .get("collapse.executor.calls")
                      .tags(tags)
                      .tag("outcome", "ran")
                      .counter()
                      .count())
              .isEqualTo(2);
          assertThat(
                  registry
                      .get("collapse.executor.calls")
                      .tags(tags)
                      .tag("outcome", "collapsed")
                      .counter()
                      .count())
              .isEqualTo(3);
          assertThat(
                  registry
                      .get("collapse.executor.wait")
                      .tags(tags)
                      .timer()
                      .totalTime(TimeUnit.MILLISECONDS))
              .isEqualTo(2);
          assertThat(
                  registry
                      .get("collapse.executor.execution")
                      .tags(tags)
                      .tag("outcome", "success")
                      .timer()
                      .totalTime(TimeUnit.MILLISECONDS))
              .isEqualTo(5);
          assertThat(
                  registry
                      .get("collapse.executor.execution")
                      .tags(tags)
                      .tag("outcome", "failure")
                      .timer()
                      .count())
              .isEqualTo(1);
          assertThat(registry.get("collapse.executor.rejections").tags(tags).counter().count())
              .isEqualTo(1);
          assertThat(registry.get("collapse.executor.timeouts").tags(tags).counter().count())
              .isEqualTo(2);
        });
  }

  @Test
  void publishesTheCountersOfEachHttpExecutor() {
    runner
        .withPropertyValues(
            "collapse.executor.rest-template.collapse-groups[0].uris=/users/*",
            "collapse.executor.okhttp.collapse-groups[0].uris=/users/*")
        .run(
            context -> {
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              for (String integration : new String[] {"rest-template", "okhttp"}) {
                for (String outcome :
                    new String[] {"passed-through", "led", "replayed", "fell-back"}) {
                  assertThat(
                          registry
                              .get("collapse.http.requests")
                              .tag("executor", integration)
                              .tag("integration", integration)
                              .tag("outcome", outcome)
                              .functionCounter()
                              .count())
                      .isZero();
                }
              }
            });
  }

  @Test
  void registersTheMetersOfEachHttpExecutorAtStartupWithoutThoseItsCountersRepeat() {
    runner.run(
        context -> {
          MeterRegistry registry = context.getBean(MeterRegistry.class);
          assertThat(
                  registry
                      .get("collapse.executor.batch.size")
                      .tag("executor", "rest-template")
                      .summary()
                      .count())
              .isZero();
          assertThat(
                  registry
                      .get("collapse.executor.execution")
                      .tag("executor", "rest-template")
                      .tag("outcome", "success")
                      .timer()
                      .count())
              .isZero();
          for (String repeated :
              new String[] {
                "collapse.executor.calls",
                "collapse.executor.wait",
                "collapse.executor.rejections",
                "collapse.executor.timeouts"
              }) {
            assertThat(registry.find(repeated).tag("integration", "rest-template").meters())
                .as(repeated)
                .isEmpty();
          }
        });
  }

  @Test
  void leavesTheTimingOfObservedHttpCallsToTheObservation() {
    runner
        .withBean(ObservationRegistry.class, ObservationRegistry::create)
        .run(
            context ->
                assertThat(
                        context
                            .getBean(MeterRegistry.class)
                            .find("collapse.executor.execution")
                            .tag("integration", "okhttp")
                            .meters())
                    .isEmpty());
  }

  @Test
  void leavesTheTimingOfObservedExecutorBeansToTheObservation() {
    runner
        .withBean(ObservationRegistry.class, ObservationRegistry::create)
        .run(
            context -> {
              CollapseListener listener = context.getBean(CollapseExecutorOptions.class).listener();
              listener.batchCompleted(
                  BatchReport.builder("users")
                      .size(4)
                      .collectNanos(2_000_000)
                      .executeNanos(5_000_000)
                      .build());
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(
                      registry
                          .find("collapse.executor.execution")
                          .tag("executor", "users")
                          .meters())
                  .isEmpty();
              assertThat(
                      registry
                          .get("collapse.executor.batch.size")
                          .tag("executor", "users")
                          .summary()
                          .count())
                  .isEqualTo(1);
              assertThat(
                      registry
                          .get("collapse.executor.wait")
                          .tag("executor", "users")
                          .timer()
                          .count())
                  .isEqualTo(1);
            });
  }

  @Test
  void noMetricsWithoutMeterRegistry() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                CollapseExecutorAutoConfiguration.class, CollapseMetricsAutoConfiguration.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(MicrometerCollapseListenerFactory.class)
                    .doesNotHaveBean(CollapseExecutorsMeterBinder.class));
  }

  @Test
  void noMetricsWithoutMicrometer() {
    runner
        .withClassLoader(new FilteredClassLoader(MeterRegistry.class))
        .run(
            context ->
                assertThat(context)
                    .doesNotHaveBean(MicrometerCollapseListenerFactory.class)
                    .doesNotHaveBean(CollapseExecutorsMeterBinder.class));
  }

  @Test
  void noMetricsWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(
            context ->
                assertThat(context)
                    .doesNotHaveBean(MicrometerCollapseListenerFactory.class)
                    .doesNotHaveBean(CollapseExecutorsMeterBinder.class));
  }

  @Test
  void backsOffWhenUserDefinesListenerFactoryOrBinder() {
    MicrometerCollapseListenerFactory mine =
        new MicrometerCollapseListenerFactory(new SimpleMeterRegistry());
    runner
        .withBean(MicrometerCollapseListenerFactory.class, () -> mine)
        .run(
            context ->
                assertThat(context)
                    .getBean(MicrometerCollapseListenerFactory.class)
                    .isSameAs(mine));
  }

  @Test
  void everyListenerFactoryBeanGetsEveryReport() {
    AtomicInteger seen = new AtomicInteger();
    runner
        .withBean(
            "counting",
            CollapseListenerFactory.class,
            () ->
                integration ->
                    new CollapseListener() {
                      @Override
                      public void batchCompleted(BatchReport report) {
                        seen.incrementAndGet();
                      }
                    })
        .run(
            context -> {
              context
                  .getBean(CollapseExecutorOptions.class)
                  .listener()
                  .batchCompleted(BatchReport.builder("users").size(2).build());
              assertThat(seen).hasValue(1);
              assertThat(
                      context
                          .getBean(MeterRegistry.class)
                          .get("collapse.executor.batch.size")
                          .tag("executor", "users")
                          .summary()
                          .count())
                  .isEqualTo(1);
            });
  }

  @Test
  void aFailingListenerDoesNotStopTheOthers() {
    runner
        .withBean(
            "failing",
            CollapseListenerFactory.class,
            () ->
                integration ->
                    new CollapseListener() {
                      @Override
                      public void batchCompleted(BatchReport report) {
                        throw new IllegalStateException("broken listener");
                      }
                    })
        .run(
            context -> {
              context
                  .getBean(CollapseExecutorOptions.class)
                  .listener()
                  .batchCompleted(BatchReport.builder("users").size(2).build());
              assertThat(
                      context
                          .getBean(MeterRegistry.class)
                          .get("collapse.executor.batch.size")
                          .tag("executor", "users")
                          .summary()
                          .count())
                  .isEqualTo(1);
            });
  }
}
