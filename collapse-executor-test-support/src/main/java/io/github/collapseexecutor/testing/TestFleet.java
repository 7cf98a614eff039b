package io.github.collapseexecutor.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One fleet on the Redis of {@link LocalRedis}, under a key prefix of its own, for tests that run
 * two instances of an adapter in one JVM: each instance connects a coordinator of its own, as
 * instances do, and the test may read what the fleet left in Redis.
 */
public final class TestFleet {

  /** The secret of every test fleet. */
  public static final byte[] SECRET =
      "a fleet secret of at least 32 bytes, for tests".getBytes(UTF_8);

  private final String keyPrefix = "collapse-test:" + UUID.randomUUID();

  /**
   * Connects one more instance's coordinator, whose leases last {@code leaseTime}, and waits
   * until it coordinates; the caller closes it.
   */
  public FleetCoordinator connect(Duration leaseTime) throws Exception {
    FleetCoordinator coordinator =
        FleetCoordinator.connect(
            RedisURI.create("redis://127.0.0.1:" + LocalRedis.PORT),
            FleetOptions.builder(SECRET)
                .keyPrefix(keyPrefix)
                .coordinationTimeout(Duration.ofSeconds(5))
                .leaseTime(leaseTime)
                .probeInterval(Duration.ofMillis(100))
                .build());
    try {
      FleetTestAccess.awaitCoordinating(coordinator);
    } catch (Exception | Error e) {
      coordinator.close();
      throw e;
    }
    return coordinator;
  }

  /** {@link #connect(Duration)} with the default lease time. */
  public FleetCoordinator connect() throws Exception {
    return connect(FleetOptions.DEFAULT_LEASE_TIME);
  }

  /**
   * Returns every key of this fleet in Redis, and each value that is a string, as text: a sealed
   * value decodes to text that holds a credential only if the value held it in clear.
   */
  public List<String> keyspace() {
    RedisClient client =
        RedisClient.create(RedisURI.create("redis://127.0.0.1:" + LocalRedis.PORT));
    // strings, whose KEYS takes the pattern alike on the Lettuce of every Spring Boot line
    try (StatefulRedisConnection<String, String> connection = client.connect()) {
      List<String> texts = new ArrayList<>();
      for (String key : connection.sync().keys(keyPrefix + "*")) {
        texts.add(key);
        if ("string".equals(connection.sync().type(key))) {
          String value = connection.sync().get(key);
          if (value != null) {
            texts.add(value);
          }
        }
      }
      return texts;
    } finally {
      client.shutdown();
    }
  }
}
