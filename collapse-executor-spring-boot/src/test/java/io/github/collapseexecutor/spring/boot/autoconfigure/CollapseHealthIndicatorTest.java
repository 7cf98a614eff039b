package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.CollapseFleetWiringAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.testing.LoggedRecords;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;

/**
 * The {@code collapse} health indicator is DOWN only while executors refuse calls, and the DEBUG
 * startup report says what was wired where.
 */
final class CollapseHealthIndicatorTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseFleetWiringAutoConfiguration.class));

  @Test
  void upWithNothingRefusedAndDownOnlyForTheCheckAfterARefusal() {
    runner.run(
        context -> {
          assertThat(LineFixtures.health(context, "collapseHealthIndicator").status())
              .isEqualTo("UP");

          // what an executor at max-pending-inputs tells its listener for each call it refuses
          listener(context.getBeanProvider(CollapseListenerFactory.class)).callRejected("users");
          listener(context.getBeanProvider(CollapseListenerFactory.class)).callRejected("users");

          LineFixtures.HealthView refusing =
              LineFixtures.health(context, "collapseHealthIndicator");
          assertThat(refusing.status()).isEqualTo("DOWN");
          assertThat(refusing.details())
              .containsEntry("rejectedSinceLastCheck", Map.of("users", 2L));
          LineFixtures.HealthView recovered =
              LineFixtures.health(context, "collapseHealthIndicator");
          assertThat(recovered.status()).isEqualTo("UP");
          assertThat(recovered.details()).containsEntry("rejected", Map.of("users", 2L));
        });
  }

  @Test
  void aSwitchTurnedOffLeavesItUpAndShowsWhat() {
    runner
        .withBean(
            "users",
            BlockingCallableGroupCollapseExecutor.class,
            () -> new BlockingCallableGroupCollapseExecutor("users", CollapseListener.NONE))
        .run(
            context -> {
              context.getBean(BlockingCallableGroupCollapseExecutor.class).setCollapsing(false);
              LineFixtures.HealthView health =
                  LineFixtures.health(context, "collapseHealthIndicator");
              assertThat(health.status()).isEqualTo("UP");
              assertThat(health.details()).containsEntry("collapsingOff", List.of("users"));
            });
  }

  @Test
  void offWhenDisabledLikeAnyHealthIndicator() {
    runner
        .withPropertyValues("management.health.collapse.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("collapseHealthIndicator"));
  }

  @Test
  void debugReportNamesTheCollapsedMethodsTheClientsAndTheExecutors() {
    String report =
        debugReport(
            runner
                .withPropertyValues(
                    "collapse.executor.rest-template.collapse-groups[0].uris=/u/*",
                    "collapse.executor.rest-template.customize-rest-client-builder=true")
                .withUserConfiguration(Wired.class));
    assertThat(report)
        .contains(
            "ProfileService.profile(Long) @Collapsible, executor default, meters and"
                + " switch name ProfileService.profile")
        .contains(
            "rest-template: CollapseHttpRequestInterceptor with 1 collapse group(s),"
                + " added to RestClient of Spring Boot's builder, beans given it by hand [users]")
        .contains("rest-template (rest-template), groups [/u/*]")
        .contains("fleet tier: none");
  }

  @Test
  void debugReportNamesTheFleetTier() {
    Fleet tier =
        new Fleet() {
          @Override
          public <X extends Exception> byte @Nullable [] call(
              List<String> key, Duration maxWait, Call<X> call) throws X {
            return call.call();
          }

          @Override
          public String toString() {
            return "RedisFleet{fleet}";
          }
        };
    assertThat(debugReport(runner.withBean(Fleet.class, () -> tier)))
        .contains("fleet tier: RedisFleet{fleet}");
  }

  /** Starts the application and returns the one DEBUG line of the startup report. */
  private static String debugReport(ApplicationContextRunner application) {
    try (LoggedRecords logged = LoggedRecords.of(CollapseStartupReport.class)) {
      application.run(context -> assertThat(context).hasNotFailed());
      List<String> debug =
          logged.records().stream()
              .filter(record -> record.getLevel() == Level.FINE)
              .map(LogRecord::getMessage)
              .toList();
      assertThat(debug).hasSize(1);
      return debug.get(0);
    }
  }

  private static CollapseListener listener(ObjectProvider<CollapseListenerFactory> factories) {
    return factories
        .orderedStream()
        .map(factory -> factory.create("core"))
        .filter(CollapseHealth.class::isInstance)
        .findFirst()
        .orElseThrow();
  }

  @Configuration(proxyBeanMethods = false)
  static class Wired {

    @Bean
    ProfileService profileService() {
      return new ProfileService();
    }

    @Bean
    RestClient users(CollapseHttpRequestInterceptor collapse) {
      return RestClient.builder().requestInterceptor(collapse).build();
    }
  }

  static class ProfileService {

    @Collapsible
    public String profile(Long id) {
      return "profile " + id;
    }
  }
}
