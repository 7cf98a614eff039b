package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisCluster;
import io.lettuce.core.RedisURI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances on a Redis Cluster of the test's own (three masters, with a replica each where a
 * test fails one over): one backend call per key for keys on every master, the channels of the
 * waited keys subscribed only while callers wait on them, and a failover, asked for or after a
 * master was killed, that fails no call under load, after which the instances share calls again
 * within {@value FailoverDrill#BACK_WITHIN_SECONDS} s.
 */
@Timeout(180)
final class FleetClusterTest {

  @AutoClose private final TestResources resources = new TestResources();

  @Test
  void oneBackendCallPerKeyOnEveryMasterAcrossTwoInstances() throws Exception {
    RedisCluster cluster = cluster();
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(cluster, options);
    FleetCoordinator b = instance(cluster, options);
    Map<Integer, String> pathOnMaster = ClusterKeys.onEveryMaster(cluster, options, 3);
    GatedBackend backend = new GatedBackend();
    List<Future<String>> answers = new ArrayList<>();
    List<String> asked = new ArrayList<>();
    for (String path : pathOnMaster.values()) {
      for (int i = 0; i < 20; i++) {
        FleetCoordinator instance = i % 2 == 0 ? a : b;
        asked.add(path);
        answers.add(
            resources.callers.submit(
                () ->
                    instance.call(
                        FleetKey.of("GET", path), FleetCodec.utf8(), () -> backend.call(path))));
      }
    }
    awaitTrue(
        () -> a.watching() + b.watching() == answers.size() - pathOnMaster.size(),
        "every caller but one per key to watch",
        30);
    backend.open();

    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i).get(30, TimeUnit.SECONDS)).isEqualTo("answer to " + asked.get(i));
    }
    assertThat(pathOnMaster).as("a key on every master").hasSize(3);
    pathOnMaster.values().forEach(path -> assertThat(backend.calls(path)).as(path).isEqualTo(1));
    assertThat(
            a.stats().joined() + b.stats().joined() + a.stats().joinedOwn() + b.stats().joinedOwn())
        .isEqualTo(answers.size() - pathOnMaster.size());
    assertThat(a.stats().fellBack() + b.stats().fellBack()).isZero();
    awaitTrue(
        () -> a.keysSubscribed() + b.keysSubscribed() == 0,
        "the instances to unsubscribe from the keys no caller waits on");
  }

  /** The least-privilege ACL line the tier gives, set on every node, is all it needs. */
  @Test
  void aUserWithTheGivenAclLineCoordinatesAndIsDeniedNothing() throws Exception {
    RedisCluster cluster = cluster();
    FleetOptions options = TestRedis.options().build();
    String aclLine =
        new Faults(options.keyPrefix(), RedisTarget.Topology.CLUSTER, "fleet", false)
            .aclLine()
            .replace("<password>", "fleet-password");
    for (int port : cluster.ports()) {
      try (RedisAdmin admin = cluster.admin(port)) {
        admin.call(aclLine.split(" "));
      }
    }
    List<RedisURI> seeds =
        List.of(
            RedisURI.builder()
                .withHost("127.0.0.1")
                .withPort(cluster.ports().get(0))
                .withAuthentication("fleet", "fleet-password".toCharArray())
                .build());
    FleetCoordinator a =
        TestRedis.coordinating(resources.add(FleetCoordinator.connectCluster(seeds, options)));
    FleetCoordinator b =
        TestRedis.coordinating(resources.add(FleetCoordinator.connectCluster(seeds, options)));

    for (String path : ClusterKeys.onEveryMaster(cluster, options, 3).values()) {
      assertThat(GatedRound.run(resources.callers, a, b, path, 10)).as(path).isEqualTo(1);
    }
    for (int port : cluster.ports()) {
      try (RedisAdmin admin = cluster.admin(port)) {
        // the eviction policy, read once if allowed; a refusal is no fault
        assertThat(FleetMisconfigurationTest.denied(admin))
            .as("denied on " + port)
            .isSubsetOf("config|get");
      }
    }
  }

  /**
   * Hazard: the master of a key hands its slots to its replica while calls run. No call fails,
   * and once the replica serves the slot the instances share calls for the key again: the
   * commands follow the slot to the new master, and the subscriptions go there too.
   */
  @Test
  void aFailoverOfAKeysMasterFailsNoCallAndCoordinationComesBack() throws Exception {
    FailoverDrill.Outcome outcome =
        drill(
            (cluster, lease) -> {
              int replica = cluster.replicaOf(cluster.masterOf(lease));
              return new FailoverDrill.Step[] {
                () -> cluster.failOver(replica), () -> awaitServedBy(cluster, lease, replica)
              };
            });

    System.out.println("CLUSTER FAILOVER: " + outcome);
    assertThat(outcome.failed()).as("failed calls of " + outcome.calls()).isZero();
    assertThat(outcome.coordinatedAgain()).as(outcome.toString()).isTrue();
  }

  /**
   * Hazard: the master of a key dies while calls run; its replica takes over once the other
   * masters agree that it failed. No call fails, and the instances share calls for the key
   * again on the new master.
   */
  @Test
  void aKilledMasterFailsNoCallAndCoordinationComesBack() throws Exception {
    FailoverDrill.Outcome outcome =
        drill(
            (cluster, lease) -> {
              int master = cluster.masterOf(lease);
              int replica = cluster.replicaOf(master);
              return new FailoverDrill.Step[] {
                () -> cluster.kill(master), () -> awaitServedBy(cluster, lease, replica)
              };
            });

    System.out.println("CLUSTER MASTER KILLED: " + outcome);
    assertThat(outcome.failed()).as("failed calls of " + outcome.calls()).isZero();
    assertThat(outcome.coordinatedAgain()).as(outcome.toString()).isTrue();
  }

  /**
   * Runs a {@link FailoverDrill} on a cluster with replicas, for a key whose master the steps
   * that {@code failover} makes for it fail over.
   */
  private FailoverDrill.Outcome drill(
      BiFunction<RedisCluster, String, FailoverDrill.Step[]> failover) throws Exception {
    RedisCluster cluster = cluster(/* replicas= */ true);
    FleetOptions options = TestRedis.options().leaseTime(Duration.ofSeconds(5)).build();
    FleetCoordinator a = instance(cluster, options);
    FleetCoordinator b = instance(cluster, options);
    String path = ClusterKeys.onEveryMaster(cluster, options, 1).values().iterator().next();
    FailoverDrill.Step[] steps = failover.apply(cluster, lease(options, path));
    return new FailoverDrill(resources.callers, a, b, path).run(steps[0], steps[1]);
  }

  private static void awaitServedBy(RedisCluster cluster, String key, int replica) {
    awaitTrue(
        () -> cluster.isMaster(replica) && cluster.servedBy(key, replica),
        "the replica to serve the slot of the key",
        30);
  }

  private static String lease(FleetOptions options, String path) {
    return new RedisNames(options.keyPrefix())
        .lease(new FleetSecret(TestRedis.SECRET, true).digest(FleetKey.of("GET", path)));
  }

  private RedisCluster cluster() throws Exception {
    return cluster(/* replicas= */ false);
  }

  private RedisCluster cluster(boolean replicas) throws Exception {
    return resources.add(RedisCluster.start(replicas));
  }

  private FleetCoordinator instance(RedisCluster cluster, FleetOptions options) {
    return TestRedis.coordinating(
        resources.add(FleetCoordinator.connectCluster(seeds(cluster), options)));
  }

  static List<RedisURI> seeds(RedisCluster cluster) {
    return List.of(RedisURI.create(cluster.uris().get(0)));
  }

  /** Paths whose keys live on each master of a cluster. */
  static final class ClusterKeys {

    private ClusterKeys() {}

    /** Returns, for each of {@code masters} masters, a path whose key's slot it serves. */
    static Map<Integer, String> onEveryMaster(
        RedisCluster cluster, FleetOptions options, int masters) {
      RedisNames names = new RedisNames(options.keyPrefix());
      FleetSecret secret = new FleetSecret(TestRedis.SECRET, true);
      Map<Integer, String> paths = new LinkedHashMap<>();
      for (int i = 0; paths.size() < masters && i < 1000; i++) {
        String path = "/quote/" + i;
        String lease = names.lease(secret.digest(FleetKey.of("GET", path)));
        paths.putIfAbsent(cluster.masterOf(lease), path);
      }
      return paths;
    }
  }
}
