package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.testing.redis.RedisCluster;
import io.github.collapseexecutor.testing.redis.RedisSentinels;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Two instances configured only by {@code spring.data.redis.sentinel.*} or
 * {@code spring.data.redis.cluster.*}, on a Sentinel set or a cluster of the test's own (skipped
 * without redis-server): concurrent identical calls make one backend call, where they make two
 * without the tier.
 */
@Timeout(120)
final class FleetTopologiesTest {

  @Test
  void coordinatesThroughSentinel() throws Exception {
    try (RedisSentinels sentinels = RedisSentinels.start()) {
      ApplicationContextRunner instance =
          TwoInstances.instance(
              "spring.data.redis.sentinel.master=" + RedisSentinels.MASTER_NAME,
              "spring.data.redis.sentinel.nodes="
                  + sentinels.sentinelPorts().stream()
                      .map(port -> "127.0.0.1:" + port)
                      .collect(Collectors.joining(",")));
      instance.run(
          first -> instance.run(second -> TwoInstances.assertOneBackendCall(first, second)));
    }
  }

  @Test
  void coordinatesOnACluster() throws Exception {
    try (RedisCluster cluster = RedisCluster.start(/* replicas= */ false)) {
      ApplicationContextRunner instance =
          TwoInstances.instance(
              "spring.data.redis.cluster.nodes="
                  + cluster.ports().stream()
                      .map(port -> "127.0.0.1:" + port)
                      .collect(Collectors.joining(",")));
      instance.run(
          first -> instance.run(second -> TwoInstances.assertOneBackendCall(first, second)));
    }
  }
}
