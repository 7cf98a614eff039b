package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisCluster;
import io.github.collapseexecutor.testing.redis.RedisSentinels;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hazard: the master dies (Sentinel's, or the cluster's master of the key) while an instance leads
 * a key, so the end of its call never reaches Redis, and the replica promoted in its place still
 * holds the lease. Once Redis answers again the leader ends the call again, and the callers of
 * the key on every instance are answered without waiting out the lease.
 */
@Timeout(180)
final class FleetLostEndTest {

  /** Long, so that a caller that waits the lease out is told from one that does not. */
  private static final Duration LEASE = Duration.ofSeconds(30);

  private static final FleetKey KEY = FleetKey.of("GET", "/quote/ACME");

  @AutoClose private final TestResources resources = new TestResources();

  @Test
  void aLeaseWhoseEndTheKilledSentinelMasterLostIsEndedOnceRedisAnswersAgain() throws Exception {
    RedisSentinels sentinels = resources.add(RedisSentinels.start());
    FleetOptions options = TestRedis.options().leaseTime(LEASE).build();
    FleetCoordinator leader = sentinelInstance(sentinels, options);
    FleetCoordinator other = sentinelInstance(sentinels, options);
    int[] oldMaster = new int[1];
    callersAreAnsweredAfterTheLostEnd(
        leader,
        other,
        () -> sentinels.admin(sentinels.replicaPort()),
        () -> oldMaster[0] = sentinels.killMaster(),
        () -> sentinels.awaitMasterOtherThan(oldMaster[0], 60));
  }

  @Test
  void aLeaseWhoseEndTheKilledClusterMasterLostIsEndedOnceRedisAnswersAgain() throws Exception {
    RedisCluster cluster = resources.add(RedisCluster.start(/* replicas= */ true));
    FleetOptions options = TestRedis.options().leaseTime(LEASE).build();
    FleetCoordinator leader = clusterInstance(cluster, options);
    FleetCoordinator other = clusterInstance(cluster, options);
    int master = cluster.masterOf(lease(options));
    int replica = cluster.replicaOf(master);
    callersAreAnsweredAfterTheLostEnd(
        leader,
        other,
        () -> readOnly(cluster.admin(replica)),
        () -> cluster.kill(master),
        () ->
            awaitTrue(
                () -> cluster.isMaster(replica) && cluster.servedBy(lease(options), replica),
                "the replica to serve the slot of the key",
                60));
  }

  /**
   * Has {@code leader} lead {@link #KEY}, kills the master under it with {@code kill} once the
   * replica that {@code replica} connects to holds the lease, ends the call while Redis is
   * down, waits for {@code failedOver} and both instances coordinating, then checks that a
   * caller on each instance is answered long before the lease ends.
   */
  private void callersAreAnsweredAfterTheLostEnd(
      FleetCoordinator leader,
      FleetCoordinator other,
      Callable<RedisAdmin> replica,
      FailoverDrill.Step kill,
      FailoverDrill.Step failedOver)
      throws Exception {
    CountDownLatch leading = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
    long leaseTaken = System.nanoTime();
    Future<String> led =
        resources.callers.submit(
            () ->
                leader.call(
                    KEY,
                    FleetCodec.utf8(),
                    () -> {
                      leading.countDown();
                      gate.await(60, TimeUnit.SECONDS);
                      return "the leader's answer";
                    }));
    assertThat(leading.await(30, TimeUnit.SECONDS)).as("the leader's call began").isTrue();
    try (RedisAdmin admin = replica.call()) {
      awaitTrue(() -> holds(admin, lease(leader.options())), "the replica to hold the lease", 30);
    }

    kill.run();
    awaitTrue(() -> !leader.stats().coordinating(), "the leader to fail open", 30);
    // the call ends while Redis is down, so its end cannot reach it
    gate.countDown();
    assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo("the leader's answer");
    failedOver.run();
    leader.whenCoordinating().get(30, TimeUnit.SECONDS);
    other.whenCoordinating().get(30, TimeUnit.SECONDS);
    long asked = System.nanoTime();

    AtomicInteger calls = new AtomicInteger();
    List<Future<String>> answers =
        List.of(other, leader).stream()
            .map(
                instance ->
                    resources.callers.submit(
                        () ->
                            instance.call(
                                KEY, FleetCodec.utf8(), () -> "answer " + calls.incrementAndGet())))
            .toList();
    // waiting the lease out lasts until it ends, past half of it from when they asked; a leader
    // that ends its call again has them answered within a probe interval or two
    long answeredBy = asked + LEASE.toNanos() / 2;
    assertThat(leaseTaken + LEASE.toNanos())
        .as("the lease ends after that")
        .isGreaterThan(answeredBy);
    for (Future<String> answer : answers) {
      long left = Math.max(0, answeredBy - System.nanoTime());
      assertThat(answer.get(left, TimeUnit.NANOSECONDS)).startsWith("answer ");
    }
    assertThat(calls.get()).as("backend calls of the two callers").isBetween(1, 2);
  }

  /**
   * A call ended again after its lease ran out and another instance took the key frees nothing:
   * the end frees only a lease still held by the ending token.
   */
  @Test
  void anEndSentAgainAfterAnotherTookTheKeyLeavesTheNewLease() throws Exception {
    RedisServer server = resources.own(RedisServer.builder());
    RedisNames names = new RedisNames("collapse-test:" + UUID.randomUUID());
    String digest = secret().digest(KEY);
    RedisClient raw = TestRedis.rawClient(server.port());
    try (StatefulRedisConnection<String, byte[]> connection =
        raw.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE))) {
      RedisAsyncCommands<String, byte[]> redis = connection.async();
      redis.set(names.lease(digest), ascii("new-leader")).get(10, TimeUnit.SECONDS);

      Long ended =
          Scripts.<Long>run(
                  redis,
                  Scripts.FINISH_CLASSIC,
                  ScriptOutputType.INTEGER,
                  new String[] {
                    names.lease(digest), names.result(digest, "old-leader"), names.channel(digest)
                  },
                  ascii("old-leader"),
                  new byte[0],
                  ascii("1"))
              .get(10, TimeUnit.SECONDS);

      assertThat(ended & Scripts.HELD).as("the lease was the ending call's").isZero();
      assertThat(redis.get(names.lease(digest)).get(10, TimeUnit.SECONDS))
          .isEqualTo(ascii("new-leader"));
    } finally {
      raw.shutdown();
    }
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** Returns {@code admin}, a connection to a cluster's replica, reading the replica's keys. */
  private static RedisAdmin readOnly(RedisAdmin admin) throws IOException {
    admin.call("READONLY");
    return admin;
  }

  private static boolean holds(RedisAdmin replica, String lease) {
    try {
      return replica.call("GET", lease) != null;
    } catch (Exception notYet) {
      return false;
    }
  }

  private static FleetSecret secret() {
    return new FleetSecret(TestRedis.SECRET, true);
  }

  private static String lease(FleetOptions options) {
    return new RedisNames(options.keyPrefix()).lease(secret().digest(KEY));
  }

  private FleetCoordinator sentinelInstance(RedisSentinels sentinels, FleetOptions options) {
    return TestRedis.coordinating(
        resources.add(FleetCoordinator.connect(RedisURI.create(sentinels.uri()), options)));
  }

  private FleetCoordinator clusterInstance(RedisCluster cluster, FleetOptions options) {
    return TestRedis.coordinating(
        resources.add(FleetCoordinator.connectCluster(FleetClusterTest.seeds(cluster), options)));
  }
}
