package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A master of a cluster dies, and its replica takes over only when the test lets it: meanwhile
 * the keys on the other masters coordinate, those on the dead master go on as local collapse, no
 * call fails, and the tier says it is degraded, naming the master. Once the replica took over,
 * every key coordinates again.
 */
@Timeout(180)
final class FleetShardDownTest {

  @AutoClose private final TestResources resources = new TestResources();

  @Test
  void keysOnLiveMastersCoordinateWhileOneIsDownAndAllDoAfterItsFailover() throws Exception {
    RedisCluster cluster = resources.add(RedisCluster.start(/* replicas= */ true));
    for (int port : cluster.ports()) {
      try (RedisAdmin admin = cluster.admin(port)) {
        // else every node refuses every key once the cluster marked the master failed
        admin.call("CONFIG", "SET", "cluster-require-full-coverage", "no");
      }
    }
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(cluster, options);
    FleetCoordinator b = instance(cluster, options);
    Map<Integer, String> pathOnMaster =
        FleetClusterTest.ClusterKeys.onEveryMaster(cluster, options, 3);
    assertThat(pathOnMaster).as("a key on every master").hasSize(3);
    // a master that holds neither the fleet's count of writes nor its list of instances: while the
    // master of the count is down, every claim goes on as local collapse (docs/scale-out.md)
    RedisNames names = new RedisNames(options.keyPrefix());
    int dead =
        pathOnMaster.keySet().stream()
            .filter(
                master ->
                    master != cluster.masterOf(names.writes())
                        && master != cluster.masterOf(names.instances()))
            .findFirst()
            .orElseThrow();
    int replica = cluster.replicaOf(dead);
    String deadPath = pathOnMaster.get(dead);
    List<String> livePaths = new ArrayList<>(pathOnMaster.values());
    livePaths.remove(deadPath);
    try (RedisAdmin admin = cluster.admin(replica)) {
      admin.call("CONFIG", "SET", "cluster-replica-no-failover", "yes");
    }

    cluster.kill(dead);
    for (FleetCoordinator instance : List.of(a, b)) {
      awaitTrue(
          () -> instance.stats().state() == FleetState.DEGRADED,
          "the tier to turn degraded: " + instance.stats(),
          30);
      assertThat(instance.stats().lastProblem()).get().asString().contains(":" + dead);
      assertThat(instance.stats().coordinating()).isTrue();
    }
    long fellBackBefore = a.stats().fellBack() + b.stats().fellBack();
    for (int round = 0; round < 3; round++) {
      for (String path : livePaths) {
        int r = round;
        assertThat(GatedRound.run(resources.callers, a, b, path, 10))
            .as(
                () ->
                    "backend calls for a key on a live master, round "
                        + r
                        + ": "
                        + a.stats()
                        + " "
                        + b.stats())
            .isEqualTo(1);
      }
      assertThat(GatedRound.run(resources.callers, a, b, deadPath, 10))
          .as("backend calls for a key on the dead master, round " + round)
          .isEqualTo(10);
    }
    assertThat(
            a.callAsync(
                    FleetKey.of("GET", deadPath),
                    FleetCodec.utf8(),
                    Duration.ofSeconds(30),
                    () -> CompletableFuture.completedFuture("own"))
                .get(30, TimeUnit.SECONDS))
        .isEqualTo("own");
    assertThat(a.stats().fellBack() + b.stats().fellBack() - fellBackBefore)
        .as("calls that went on as local collapse")
        .isEqualTo(31);
    assertThat(a.stats().fellBack(FallbackReason.TIER_DOWN)).isEqualTo(a.stats().fellBack());
    assertThat(a.stats().state()).isEqualTo(FleetState.DEGRADED);
    assertThat(b.stats().state()).isEqualTo(FleetState.DEGRADED);

    try (RedisAdmin admin = cluster.admin(replica)) {
      admin.call("CONFIG", "SET", "cluster-replica-no-failover", "no");
      admin.call("CLUSTER", "FAILOVER", "FORCE");
    }
    awaitTrue(() -> cluster.isMaster(replica), "the replica to take the slots over", 30);
    for (FleetCoordinator instance : List.of(a, b)) {
      awaitTrue(
          () -> instance.stats().state() == FleetState.COORDINATING,
          "the tier to coordinate every key again: " + instance.stats(),
          60);
      assertThat(instance.stats().outages()).as("one outage for the killed master").isEqualTo(1);
    }
    for (String path : pathOnMaster.values()) {
      assertThat(GatedRound.run(resources.callers, a, b, path, 10))
          .as("backend calls for " + path + " after the failover")
          .isEqualTo(1);
    }
  }

  private FleetCoordinator instance(RedisCluster cluster, FleetOptions options) {
    return TestRedis.coordinating(
        resources.add(FleetCoordinator.connectCluster(FleetClusterTest.seeds(cluster), options)));
  }
}
