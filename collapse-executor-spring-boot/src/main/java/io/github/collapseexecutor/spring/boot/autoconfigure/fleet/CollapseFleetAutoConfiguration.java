package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.fleet.FleetStats;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetInstance;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The fleet tier of {@code collapse-executor-redis} on the application's Redis: a
 * {@link FleetCoordinator} on the server that Spring Boot's {@link LettuceConnectionFactory}
 * connects to ({@code spring.data.redis.*}), for the {@code @Collapsible} methods that ask for
 * it, and its state for the {@code collapse} actuator endpoint
 * ({@link CollapseFleetMetricsAutoConfiguration} binds its meters). The coordinator is made when
 * {@code collapse.executor.fleet.secret} is set and the module and Spring Data Redis are on the
 * class path; an application's own {@code FleetCoordinator} bean takes its place, and gets the
 * state.
 *
 * <p>The coordinator has a Lettuce client of its own, on the Redis the connection factory
 * connects to, standalone, Sentinel or cluster, with its TLS (the SSL bundle's trust and key
 * material too), client name and timeouts, logged in as the application or as
 * {@code collapse.executor.fleet.username} ({@link ApplicationRedis}): it rejects commands while
 * it reconnects and reconnects at the pace of the tier's probe, so that a Redis outage never
 * holds a call, whatever the application's own client does with its commands meanwhile.
 */
@AutoConfiguration(
    before = CollapseAnnotationAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
      "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration"
    })
@ConditionalOnClass({FleetCoordinator.class, LettuceConnectionFactory.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CollapseFleetProperties.class)
@Incubating
public final class CollapseFleetAutoConfiguration {

  private static final System.Logger LOG =
      System.getLogger(CollapseFleetAutoConfiguration.class.getName());

  /** The name the coordinator carries in its log, its meters and the endpoint. */
  static final String NAME = "fleet";

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "collapse.executor.fleet", name = "secret")
  @ConditionalOnBean(LettuceConnectionFactory.class)
  FleetCoordinator collapseFleetCoordinator(
      LettuceConnectionFactory redis, CollapseFleetProperties properties) {
    FleetConnection connection = ApplicationRedis.connection(redis, properties);
    FleetCoordinator coordinator = connection.connect(options(properties));
    LOG.log(
        System.Logger.Level.INFO,
        "The collapse fleet tier runs on {0}, key prefix {1}: calls coordinate across the"
            + " instances once it reaches Redis; its state is in the collapse endpoint and"
            + " the collapseFleet health",
        connection.where(),
        properties.getKeyPrefix());
    return coordinator;
  }

  @Bean
  @ConditionalOnBean(FleetCoordinator.class)
  CollapseFleetState collapseFleetState(FleetCoordinator coordinator) {
    return new CollapseFleetState(() -> describe(coordinator));
  }

  /** The options of {@code collapse.executor.fleet}; bad values fail naming the setting. */
  static FleetOptions options(CollapseFleetProperties properties) {
    String secret =
        Objects.requireNonNull(properties.getSecret(), "collapse.executor.fleet.secret");
    long maxValueBytes = properties.getMaxValueSize().toBytes();
    return FleetOptions.builder(secret.getBytes(StandardCharsets.UTF_8))
        .name(NAME)
        .keyPrefix(properties.getKeyPrefix())
        .coordinationTimeout(properties.getCoordinationTimeout())
        .leaseTime(properties.getLeaseTime())
        .resultTtl(properties.getResultTtl())
        .maxValueBytes((int) Math.min(Integer.MAX_VALUE, maxValueBytes))
        .encryptValues(properties.isEncrypt())
        .probeInterval(properties.getProbeInterval())
        .build();
  }

  /** The coordinator's state and counts as the endpoint and the health contributor show them. */
  static FleetDescription describe(FleetCoordinator coordinator) {
    FleetStats stats = coordinator.stats();
    FleetOptions options = coordinator.options();
    Map<String, Long> byReason = new LinkedHashMap<>();
    for (FallbackReason reason : FallbackReason.values()) {
      byReason.put(kebab(reason), stats.fellBack(reason));
    }
    return new FleetDescription(
        options.name(),
        kebab(stats.state()),
        stats.lastProblem().orElse(null),
        stats.lastProblemAt().orElse(null),
        stats.led(),
        stats.joined(),
        stats.othersJoined(),
        stats.joinedOwn(),
        stats.fellBack(),
        byReason,
        stats.leaseLost(),
        stats.unshared(),
        stats.overtaken(),
        stats.evicted(),
        stats.outages(),
        stats.instances().stream().map(CollapseFleetAutoConfiguration::describe).toList(),
        options.coordinationTimeout().toMillis(),
        options.leaseTime().toMillis(),
        options.resultTtl().toMillis(),
        options.maxValueBytes(),
        options.encryptValues());
  }

  /** An instance the tier heard from, as the endpoint shows it. */
  private static Map<String, Object> describe(FleetInstance instance) {
    Map<String, Object> described = new LinkedHashMap<>();
    described.put("id", instance.id());
    described.put("self", instance.self());
    described.put("keyParts", instance.keyParts());
    described.put("noneInCommon", instance.noneInCommon());
    return described;
  }

  /** {@code FAILING_OPEN} as {@code failing-open}, as the endpoint's other values are written. */
  private static String kebab(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
