package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.lettuce.core.RedisClient;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The check of the fleet tier's configuration names the classes it looks for by name, so that it
 * loads where they are absent: each must be the one the tier runs on. What it rejects is tested
 * through startup, in FleetConfigurationMistakesTest.
 */
final class FleetCheckTest {

  @Test
  void theClassesTheCheckLooksForAreTheTiersOwn() {
    assertThat(FleetCheck.COORDINATOR).isEqualTo(FleetCoordinator.class.getName());
    assertThat(FleetCheck.FLEET).isEqualTo(Fleet.class.getName());
    assertThat(FleetCheck.LETTUCE).isEqualTo(RedisClient.class.getName());
    assertThat(FleetCheck.CONNECTION_FACTORY).isEqualTo(LettuceConnectionFactory.class.getName());
  }
}
