package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.testing.LocalRedis;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts one instance of an application of the end-to-end tests on the fleet tier of the Redis
 * on 127.0.0.1:6379, under a key prefix the instances of one test share.
 */
final class FleetInstance {

  private FleetInstance() {}

  /**
   * Runs {@code app} as {@code type} with the fleet tier's properties under {@code keyPrefix} and
   * {@code arguments}.
   */
  static ConfigurableApplicationContext start(
      Class<?> app, WebApplicationType type, String keyPrefix, String... arguments) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "--spring.main.banner-mode=off",
                "--collapse.executor.fleet.secret=a fleet secret of at least 32 bytes, for tests",
                "--collapse.executor.fleet.key-prefix=" + keyPrefix,
                "--collapse.executor.fleet.coordination-timeout=5s",
                "--collapse.executor.fleet.probe-interval=100ms",
                "--spring.data.redis.host=127.0.0.1",
                "--spring.data.redis.port=" + LocalRedis.PORT));
    all.addAll(List.of(arguments));
    // the tests' application.properties leave Spring Data Redis out unless a test names it
    return new SpringApplicationBuilder(app, LineFixtures.REDIS_AUTO_CONFIGURATION)
        .web(type)
        .run(all.toArray(String[]::new));
  }
}
