package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.TestFleet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The identity and credentials contracts across two instances of one application
 * ({@link TwoInstances}), each a client of one name with an adapter of its own, on the fleet tier
 * of the Redis on 127.0.0.1:6379 (skipped without it): callers alternate between the instances,
 * so that callers of one key meet only through the tier, and still no caller gets an answer meant
 * for another. The rounds must have gone through the tier: else the contracts would hold for a
 * reason of their own.
 */
public interface ClientAcrossInstancesContract
    extends ClientRequestIdentityContract, ClientCredentialsContract {

  /** The coordinator the instances of the running test class share. */
  AtomicReference<FleetCoordinator> COORDINATOR = new AtomicReference<>();

  /** Returns the fixture of one instance, whose clients have one name. */
  ClientFixture instance();

  @Override
  default ClientFixture fixture() {
    return TwoInstances.of(instance());
  }

  @Override
  default HttpCollapseOptions.Builder options() {
    return HttpCollapseOptions.builder().fleet(RedisFleet.of(COORDINATOR.get()));
  }

  @BeforeAll
  static void connect() throws Exception {
    LocalRedis.assumeRunning();
    COORDINATOR.set(new TestFleet().connect());
  }

  @AfterAll
  static void callersJoinedAcrossInstances() {
    FleetCoordinator coordinator = COORDINATOR.getAndSet(null);
    if (coordinator != null) {
      try {
        // the instances share this coordinator, so the tier counts a join between them as one
        // of its own instance's calls
        assertThat(coordinator.stats().joined() + coordinator.stats().joinedOwn())
            .as("calls that took another instance's answer, of %s", coordinator.stats())
            .isPositive();
      } finally {
        coordinator.close();
      }
    }
  }
}
