package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.testing.LocalRedis;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The {@code collapseFleet} health contributor: there with a fleet tier, UP in every state of the
 * tier (a misconfigured one too, since the instance serves every call), with the state, the last
 * problem and the counts in its details; absent without a tier or when switched off.
 */
@Timeout(60)
final class FleetHealthTest {

  private static final String INDICATOR = "collapseFleetHealthIndicator";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  LineFixtures.REDIS_AUTO_CONFIGURATION,
                  CollapseFleetAutoConfiguration.class,
                  CollapseFleetHealthAutoConfiguration.class))
          .withPropertyValues(
              "collapse.executor.fleet.key-prefix=collapse-test:" + UUID.randomUUID());

  @Test
  void aMisconfiguredTierIsUpWithItsProblemInTheDetails() {
    String problem = "NOPERM this user has no permissions to run the 'evalsha' command";
    runner
        .withBean(
            CollapseFleetState.class,
            () ->
                new CollapseFleetState(
                    () -> FleetDescriptionJsonTest.description("misconfigured", problem)))
        .run(
            context -> {
              LineFixtures.HealthView health = LineFixtures.health(context, INDICATOR);
              assertThat(health.status()).isEqualTo("UP");
              assertThat(health.details())
                  .containsEntry("state", "misconfigured")
                  .containsEntry("lastProblem", problem)
                  .containsEntry("lastProblemAt", "2026-01-02T03:04:05Z")
                  .containsEntry("fellBack", 2L)
                  .containsEntry(
                      "fellBackByReason", Map.of("tier-down", 0L, "timeout", 2L, "redis-error", 0L))
                  .containsEntry("evicted", 1L)
                  .containsKeys("led", "joined", "leaseLost", "unshared", "outages");
            });
  }

  @Test
  void tellsTheStateOfTheApplicationsCoordinator() throws Exception {
    runner
        .withPropertyValues(
            CollapseFleetAutoConfigurationTest.SECRET,
            "spring.data.redis.port=" + LocalRedis.freePort())
        .run(
            context -> {
              // No Redis answers on that port: the coordinator may go from starting to
              // failing-open while the test reads, so health tells one of the two it was in.
              String before = context.getBean(CollapseFleetState.class).describe().state();
              LineFixtures.HealthView health = LineFixtures.health(context, INDICATOR);
              String after = context.getBean(CollapseFleetState.class).describe().state();
              assertThat(health.status()).isEqualTo("UP");
              assertThat(health.details().get("state"))
                  .isIn(before, after)
                  .isNotEqualTo("coordinating");
              assertThat(health.details()).containsEntry("led", 0L);
            });
  }

  @Test
  void noContributorWithoutATier() {
    runner.run(context -> assertThat(context).doesNotHaveBean(INDICATOR));
  }

  @Test
  void offWhenDisabledLikeAnyHealthIndicator() throws Exception {
    runner
        .withPropertyValues(
            CollapseFleetAutoConfigurationTest.SECRET,
            "spring.data.redis.port=" + LocalRedis.freePort(),
            "management.health.collapse-fleet.enabled=false")
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(INDICATOR));
  }
}
