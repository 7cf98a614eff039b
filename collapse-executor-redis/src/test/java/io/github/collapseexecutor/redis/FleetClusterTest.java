package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisCluster;
import io.lettuce.core.RedisURI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances on a Redis Cluster of the test's own (three masters, with a replica each where a
 * test fails one over): one backend call per key for keys on every master, the channels of the
 * waited keys subscribed only while callers wait on them, and a failover that fails no call.
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

  /**
   * Hazard: the master of a key hands its slots to its replica while calls run. No call fails,
   * and once the replica serves the slot the instances share calls for the key again: the
   * commands follow the slot to the new master, and the subscriptions go there too.
   */
  @Test
  void aFailoverOfAKeysMasterFailsNoCallAndCoordinationComesBack() throws Exception {
    RedisCluster cluster = cluster(/* replicas= */ true);
    FleetOptions options = TestRedis.options().leaseTime(Duration.ofSeconds(5)).build();
    FleetCoordinator a = instance(cluster, options);
    FleetCoordinator b = instance(cluster, options);
    String path = ClusterKeys.onEveryMaster(cluster, options, 1).values().iterator().next();
    String lease = new RedisNames(options.keyPrefix())
        .lease(new FleetSecret(TestRedis.SECRET, true).digest(FleetKey.of("GET", path)));
    int master = cluster.masterOf(lease);
    int replica = cluster.replicaOf(master);
    AtomicBoolean failingOver = new AtomicBoolean(true);
    AtomicInteger rounds = new AtomicInteger();
    Future<Integer> traffic = callers.submit(() -> callsUntil(failingOver, rounds, a, b, path));

    awaitTrue(() -> rounds.get() >= 3, "calls to run before the failover", 30);
    cluster.failOver(replica);
    awaitTrue(() -> cluster.isMaster(replica) && cluster.masterOf(lease) == replica,
        "the replica to serve the key's slot", 30);
    int roundsAtFailover = rounds.get();
    awaitTrue(() -> rounds.get() >= roundsAtFailover + 3, "calls to run after the failover", 30);
    failingOver.set(false);

    assertThat(traffic.get(60, TimeUnit.SECONDS)).as("failed calls").isZero();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    int calls;
    do {
      calls = gatedRound(a, b, path, 10);
    } while (calls != 1 && System.nanoTime() - deadline < 0);
    assertThat(calls).as("backend calls of a round within 30 s after the failover").isEqualTo(1);
  }

  /**
   * Runs rounds of four concurrent calls for {@code path} across both instances until
   * {@code running} is off, and returns how many calls failed or answered wrongly.
   */
  private int callsUntil(AtomicBoolean running, AtomicInteger rounds, FleetCoordinator a,
      FleetCoordinator b, String path) throws InterruptedException {
    GatedBackend open = new GatedBackend();
    open.open();
    int failed = 0;
    while (running.get()) {
      List<Future<String>> answers = new ArrayList<>();
      for (FleetCoordinator instance : List.of(a, b, a, b)) {
        answers.add(callers.submit(() -> instance.call(FleetKey.of("GET", path),
            FleetCodec.utf8(), Duration.ofSeconds(20), () -> open.call(path))));
      }
      for (Future<String> answer : answers) {
        try {
          if (!answer.get(60, TimeUnit.SECONDS).equals("answer to " + path)) {
            failed++;
          }
        } catch (ExecutionException | TimeoutException e) {
          failed++;
        }
      }
      rounds.incrementAndGet();
    }
    return failed;
  }

  /**
   * Makes {@code callers} concurrent calls for {@code path} across both instances while the
   * backend holds the first, opens it once every caller waits or calls, and returns how many
   * backend calls they made.
   */
  private int gatedRound(FleetCoordinator a, FleetCoordinator b, String path, int count)
      throws Exception {
    GatedBackend backend = new GatedBackend();
    int watchingBefore = a.watching() + b.watching();
    List<Future<String>> answers = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      FleetCoordinator instance = i % 2 == 0 ? a : b;
      answers.add(callers.submit(() -> instance.call(FleetKey.of("GET", path),
          FleetCodec.utf8(), () -> backend.call(path))));
    }
    awaitTrue(() -> a.watching() + b.watching() - watchingBefore + backend.calls() == count,
        "every caller to wait or call", 30);
    backend.open();
    for (Future<String> answer : answers) {
      assertThat(answer.get(30, TimeUnit.SECONDS)).isEqualTo("answer to " + path);
    }
    return backend.calls(path);
  }

  private RedisCluster cluster() throws Exception {
    return cluster(/* replicas= */ false);
  }

  private RedisCluster cluster(boolean replicas) throws Exception {
    RedisCluster cluster = RedisCluster.start(replicas);
    closing.add(cluster);
    return cluster;
  }

  private FleetCoordinator instance(RedisCluster cluster, FleetOptions options) {
    FleetCoordinator coordinator = TestRedis.coordinating(
        FleetCoordinator.connectCluster(seeds(cluster), options));
    closing.add(0, coordinator);
    return coordinator;
  }

  static List<RedisURI> seeds(RedisCluster cluster) {
    return List.of(RedisURI.create(cluster.uris().get(0)));
  }

  /** Paths whose keys live on each master of a cluster. */
  static final class ClusterKeys {

    private ClusterKeys() {}

    /** Returns, for each of {@code masters} masters, a path whose key's slot it serves. */
    static Map<Integer, String> onEveryMaster(RedisCluster cluster, FleetOptions options,
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
