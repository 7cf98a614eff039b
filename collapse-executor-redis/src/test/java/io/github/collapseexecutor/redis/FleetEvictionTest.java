package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisServer;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Redis that may evict the tier's keys: the tier warns once at startup about the policy, and a
 * lease evicted while its call runs, after which another instance makes the same call, is counted
 * and warned about once, rather than passing for a call led as usual.
 */
@Timeout(120)
final class FleetEvictionTest {

  @AutoClose private final TestResources resources = new TestResources();
  @AutoClose private final TierLog log = new TierLog();

  @Test
  void aPolicyThatEvictsKeysWithATimeToLiveIsWarnedOnce() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder().maxmemoryPolicy("volatile-lru"));
    FleetCoordinator a = instance(redis);
    redis.stop();
    redis.restart();
    awaitTrue(() -> !a.stats().coordinating(), "the tier to see the restart");
    TestRedis.coordinating(a);

    assertThat(log.awaitAt(Level.WARNING, "maxmemory-policy"))
        .filteredOn(text -> text.contains("maxmemory-policy"))
        .singleElement()
        .asString()
        .contains("volatile-lru");
  }

  @Test
  void noevictionIsNotWarned() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder().maxmemoryPolicy("noeviction"));
    instance(redis);
    // the policy is read as the first connection opens, before the tier coordinates; its
    // answer is logged when it comes: a second instance's answer comes after the first's
    instance(redis).close();

    assertThat(log.at(Level.WARNING)).isEmpty();
  }

  /**
   * Hazard: Redis evicts the lease of a call under way, so that another instance leads the same
   * key: two backend calls, which the leader learns of as it ends its call.
   */
  @Test
  void aLeaseEvictedWhileItsCallRunsIsCountedAndWarnedOnce() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder().maxmemoryPolicy("allkeys-lru"));
    FleetCoordinator a = instance(redis);
    FleetCoordinator b = instance(redis);
    GatedBackend backend = new GatedBackend();
    FleetKey key = FleetKey.of("GET", "/report");
    Future<String> leader =
        resources.callers.submit(
            () -> a.call(key, FleetCodec.utf8(), () -> backend.call("/report")));
    backend.awaitFirstCall();

    evictEverything(redis);
    awaitTrue(
        () -> a.stats().coordinating() && b.stats().coordinating(),
        "the tier to coordinate after Redis was full",
        30);
    backend.open();
    assertThat(b.call(key, FleetCodec.utf8(), () -> backend.call("/report")))
        .isEqualTo("answer to /report");
    assertThat(leader.get(30, TimeUnit.SECONDS)).isEqualTo("answer to /report");

    assertThat(backend.calls("/report")).isEqualTo(2);
    assertThat(a.stats().evicted()).isEqualTo(1);
    assertThat(b.stats().evicted()).isZero();
    assertThat(log.awaitAt(Level.WARNING, "dropped the lease"))
        .filteredOn(text -> text.contains("dropped the lease"))
        .singleElement()
        .asString()
        .contains("maxmemory-policy");
  }

  /** Has Redis evict every key: full for one write, under a policy that evicts any key. */
  private static void evictEverything(RedisServer redis) throws Exception {
    try (RedisAdmin admin = redis.admin()) {
      admin.call("CONFIG", "SET", "maxmemory", "1");
      try {
        admin.call("SET", "filler", "x");
      } catch (RedisAdmin.Refused full) {
        // out of memory even with every key evicted: what the test asked for
      }
      admin.call("CONFIG", "SET", "maxmemory", "0");
      assertThat(admin.call("DBSIZE")).isEqualTo(0L);
    }
  }

  private FleetCoordinator instance(RedisServer redis) {
    return resources.add(TestRedis.coordinating(redis.port(), TestRedis.options().build()));
  }
}
