package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.TwoInstances.Quote;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.TwoInstances.Quotes;
import io.github.collapseexecutor.testing.LocalRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Two instances of one Spring Boot application, each configured only by properties, that share
 * the Redis on 127.0.0.1:6379 (skipped without it): an {@code @Collapsible} method that names
 * {@code fleet} on its executor makes one backend call for both; and one instance whose Redis is
 * unreachable, whose calls go on alone.
 */
@Timeout(90)
final class FleetAcrossInstancesTest {

  @Test
  void concurrentCallsOnTwoInstancesMakeOneBackendCall() {
    LocalRedis.assumeRunning();
    ApplicationContextRunner instance = instance(LocalRedis.PORT);
    instance.run(first -> instance.run(second -> TwoInstances.assertOneBackendCall(first, second)));
  }

  /** Redis unreachable: each call runs the method on its instance, and none fails. */
  @Test
  void callsSucceedLocallyWhenRedisIsUnreachable() throws Exception {
    TwoInstances.BACKEND.reset();
    TwoInstances.BACKEND.release.countDown();
    instance(LocalRedis.freePort())
        .run(
            alone -> {
              Quotes quotes = alone.getBean(Quotes.class);
              assertThat(quotes.quote("ACME")).isEqualTo(new Quote("ACME", 1));
              assertThat(quotes.quote("ACME")).isEqualTo(new Quote("ACME", 2));
              assertThat(alone.getBean(FleetCoordinator.class).stats().fellBack()).isEqualTo(2);
            });
  }

  /** Returns an instance of the application on the Redis of {@code port}. */
  private static ApplicationContextRunner instance(int port) {
    return TwoInstances.instance(
        "spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + port);
  }
}
