package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances on a Redis Cluster of the test's own (three masters): one backend call per key
 * for keys on every master, and the channels of the waited keys subscribed only while callers
 * wait on them.
 */
@Timeout(180)
final class FleetClusterTest {

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<AutoCloseable> closing = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    callers.shutdownNow();
    for (AutoCloseable resource : closing) {
      resource.close();
    }
  }

  @Test
  void oneBackendCallPerKeyOnEveryMasterAcrossTwoInstances() throws Exception {
    TestCluster cluster = cluster();
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
        answers.add(callers.submit(() -> instance.call(FleetKey.of("GET", path),
            FleetCodec.utf8(), () -> backend.call(path))));
      }
    }
    awaitTrue(() -> a.watching() + b.watching() == answers.size() - pathOnMaster.size(),
        "every caller but one per key to watch", 30);
    backend.open();

    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i).get(30, TimeUnit.SECONDS)).isEqualTo("answer to " + asked.get(i));
    }
    assertThat(pathOnMaster).as("a key on every master").hasSize(3);
    pathOnMaster.values().forEach(path -> assertThat(backend.calls(path)).as(path).isEqualTo(1));
    assertThat(a.stats().joined() + b.stats().joined())
        .isEqualTo(answers.size() - pathOnMaster.size());
    assertThat(a.stats().fellBack() + b.stats().fellBack()).isZero();
    awaitTrue(() -> a.keysSubscribed() + b.keysSubscribed() == 0,
        "the instances to unsubscribe from the keys no caller waits on");
  }

  private TestCluster cluster() throws Exception {
    TestCluster cluster = TestCluster.start(/* replicas= */ false);
    closing.add(cluster);
    return cluster;
  }

  private FleetCoordinator instance(TestCluster cluster, FleetOptions options) {
    FleetCoordinator coordinator = TestRedis.coordinating(
        FleetCoordinator.connectCluster(cluster.seeds(), options));
    closing.add(0, coordinator);
    return coordinator;
  }

  /** Paths whose keys live on each master of a cluster. */
  static final class ClusterKeys {

    private ClusterKeys() {}

    /** Returns, for each of {@code masters} masters, a path whose key's slot it serves. */
    static Map<Integer, String> onEveryMaster(TestCluster cluster, FleetOptions options,
        int masters) {
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
