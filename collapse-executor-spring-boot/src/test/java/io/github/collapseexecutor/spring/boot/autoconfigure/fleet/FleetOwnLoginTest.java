package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.testing.redis.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The tier logs in as an ACL user of its own ({@code collapse.executor.fleet.username} and
 * {@code password}), allowed only the tier's commands, keys and channels, while the application
 * keeps its own user, which may not touch them: the instances coordinate, and Spring Boot's Redis
 * health, which asks as the application's user, stays UP. On a server of the test's own (skipped
 * without redis-server).
 */
@Timeout(120)
final class FleetOwnLoginTest {

  /**
   * What the tier sends to a standalone Redis, and nothing more: not even {@code INFO}, which
   * Spring Boot's Redis health needs, so the application could not use this user itself.
   */
  private static final String TIER_COMMANDS =
      "+evalsha +eval +script|load +set +get +incr +pttl +del"
          + " +strlen +publish +spublish +psubscribe +ssubscribe +sunsubscribe +ping";

  @Test
  void theTierCoordinatesAsItsOwnUserAndTheApplicationsRedisHealthStaysUp() throws Exception {
    try (RedisServer redis =
        RedisServer.builder()
            .requirePass("admin-pw")
            .user("app on >app-pw ~app:* &app:* +@all")
            .user(
                "fleet on >fleet-pw ~"
                    + TwoInstances.KEY_PREFIX
                    + "* &"
                    + TwoInstances.KEY_PREFIX
                    + "* -@all "
                    + TIER_COMMANDS)
            .start()) {
      ApplicationContextRunner instance =
          TwoInstances.instance(
                  "spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + redis.port(),
                  "spring.data.redis.username=app", "spring.data.redis.password=app-pw",
                  "collapse.executor.fleet.username=fleet",
                      "collapse.executor.fleet.password=fleet-pw")
              .withConfiguration(
                  AutoConfigurations.of(LineFixtures.REDIS_HEALTH_AUTO_CONFIGURATION));
      instance.run(
          first ->
              instance.run(
                  second -> {
                    TwoInstances.assertOneBackendCall(first, second);
                    assertThat(LineFixtures.health(first, "redisHealthContributor").status())
                        .isEqualTo("UP");
                  }));
    }
  }
}
