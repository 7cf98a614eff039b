package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.micrometer.FleetStatsMeterBinder;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpointAutoConfiguration;
import io.github.collapseexecutor.testing.LocalRedis;
import io.lettuce.core.RedisURI;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The fleet tier's auto-configuration: a coordinator on the Redis of {@code spring.data.redis}
 * when a secret is set, its meters and its state on the endpoint. No test here needs Redis to
 * answer: a coordinator is made before it reaches Redis, and fails open until it does.
 */
@Timeout(60)
final class CollapseFleetAutoConfigurationTest {

  static final String SECRET =
      "collapse.executor.fleet.secret=test secret of the Boot fleet tier, 32+ bytes";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  LineFixtures.REDIS_AUTO_CONFIGURATION,
                  CollapseFleetAutoConfiguration.class,
                  CollapseFleetMetricsAutoConfiguration.class,
                  RedisFleetAutoConfiguration.class))
          .withPropertyValues(
              "collapse.executor.fleet.key-prefix=collapse-test:" + UUID.randomUUID());

  @Test
  void makesACoordinatorOnTheApplicationsRedisWhenASecretIsSet() {
    runner
        .withPropertyValues(
            SECRET,
            "collapse.executor.fleet.coordination-timeout=2s",
            "collapse.executor.fleet.result-ttl=3s",
            "collapse.executor.fleet.max-value-size=64KB",
            "collapse.executor.fleet.encrypt=false")
        .run(
            context -> {
              FleetOptions options = context.getBean(FleetCoordinator.class).options();
              assertThat(options.coordinationTimeout()).isEqualTo(Duration.ofSeconds(2));
              assertThat(options.resultTtl()).isEqualTo(Duration.ofSeconds(3));
              assertThat(options.maxValueBytes()).isEqualTo(64 * 1024);
              assertThat(options.encryptValues()).isFalse();
              assertThat(options.leaseTime()).isEqualTo(FleetOptions.DEFAULT_LEASE_TIME);
              assertThat(context.getBean(CollapseFleetState.class).describe().maxValueBytes())
                  .isEqualTo(64 * 1024);
            });
  }

  @Test
  void theHttpAdaptersTierRunsOnTheCoordinator() {
    runner
        .withPropertyValues(SECRET)
        .run(context -> assertThat(context.getBean(Fleet.class)).isInstanceOf(RedisFleet.class));
    runner
        .withPropertyValues(SECRET)
        .withClassLoader(new FilteredClassLoader(Fleet.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .hasSingleBean(FleetCoordinator.class)
                    .doesNotHaveBean("collapseFleet"));
  }

  @Test
  void makesNoCoordinatorWithoutASecret() {
    runner.run(
        context -> {
          assertThat(context).doesNotHaveBean(Fleet.class);
          assertThat(context).doesNotHaveBean(FleetCoordinator.class);
          assertThat(context).doesNotHaveBean(CollapseFleetState.class);
          assertThat(context).doesNotHaveBean(FleetStatsMeterBinder.class);
        });
  }

  @Test
  void aSecretShorterThan32BytesStopsTheApplication() {
    runner
        .withPropertyValues("collapse.executor.fleet.secret=short")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("secret must hold at least 32"));
  }

  /** Sentinel and cluster are served: a coordinator is made, and fails open until it connects. */
  @Test
  void makesACoordinatorOnSentinelAndOnACluster() throws Exception {
    runner
        .withPropertyValues(
            SECRET,
            "spring.data.redis.sentinel.master=primary",
            "spring.data.redis.sentinel.nodes=127.0.0.1:" + LocalRedis.freePort())
        .run(context -> assertThat(context).hasNotFailed().hasSingleBean(FleetCoordinator.class));
    runner
        .withPropertyValues(
            SECRET, "spring.data.redis.cluster.nodes=127.0.0.1:" + LocalRedis.freePort())
        .run(context -> assertThat(context).hasNotFailed().hasSingleBean(FleetCoordinator.class));
  }

  @Test
  void backsOffWhenTheApplicationDefinesACoordinator() {
    runner
        .withPropertyValues(SECRET)
        .withUserConfiguration(OwnCoordinator.class)
        .run(
            context -> {
              assertThat(context).hasSingleBean(FleetCoordinator.class);
              assertThat(context.getBean(FleetCoordinator.class).options().name()).isEqualTo("own");
              assertThat(context.getBean(CollapseFleetState.class).describe().name())
                  .isEqualTo("own");
            });
  }

  @Test
  void bindsTheMetersOfTheCoordinator() {
    runner
        .withPropertyValues(SECRET)
        .run(
            context -> {
              SimpleMeterRegistry registry = new SimpleMeterRegistry();
              context.getBean(FleetStatsMeterBinder.class).bindTo(registry);
              assertThat(
                      registry
                          .get(FleetStatsMeterBinder.CALLS)
                          .tag("fleet", "fleet")
                          .tag("outcome", "led")
                          .functionCounter()
                          .count())
                  .isZero();
              assertThat(registry.get(FleetStatsMeterBinder.COORDINATING).gauge()).isNotNull();
            });
  }

  /**
   * Redis unreachable: the endpoint says the tier does not coordinate, with its counts, each
   * fallback reason and the evictions.
   */
  @Test
  void theEndpointShowsTheStateOfTheTier() throws Exception {
    runner
        .withConfiguration(
            AutoConfigurations.of(
                CollapseExecutorAutoConfiguration.class,
                CollapseEndpointAutoConfiguration.class,
                CollapseFleetWiringAutoConfiguration.class))
        .withPropertyValues(
            SECRET,
            "management.endpoints.web.exposure.include=collapse",
            "spring.data.redis.port=" + LocalRedis.freePort())
        .run(
            context -> {
              FleetDescription fleet =
                  (FleetDescription)
                      context.getBean(CollapseEndpoint.class).collapse().tiers().get("fleet");
              assertThat(fleet).isNotNull();
              assertThat(fleet.state()).isIn("starting", "failing-open");
              assertThat(fleet.led()).isZero();
              assertThat(fleet.fellBackByReason())
                  .containsOnlyKeys("tier-down", "timeout", "redis-error");
              assertThat(fleet.evicted()).isZero();
            });
  }

  @Test
  void theEndpointShowsNoTierWhereThereIsNone() {
    runner
        .withConfiguration(
            AutoConfigurations.of(
                CollapseExecutorAutoConfiguration.class,
                CollapseEndpointAutoConfiguration.class,
                CollapseFleetWiringAutoConfiguration.class))
        .withPropertyValues("management.endpoints.web.exposure.include=collapse")
        .run(
            context ->
                assertThat(context.getBean(CollapseEndpoint.class).collapse().tiers())
                    .containsEntry("fleet", null));
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnCoordinator {

    @Bean(destroyMethod = "close")
    FleetCoordinator ownCoordinator() throws Exception {
      return FleetCoordinator.connect(
          RedisURI.create("redis://127.0.0.1:" + LocalRedis.freePort()),
          FleetOptions.builder(
                  "own secret of the test coordinator, 32+ bytes".getBytes(StandardCharsets.UTF_8))
              .name("own")
              .build());
    }
  }
}
