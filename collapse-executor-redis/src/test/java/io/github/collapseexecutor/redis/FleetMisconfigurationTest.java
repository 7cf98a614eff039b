package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisCluster;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Redis that answers but refuses what the tier needs is misconfigured, not down: the state says
 * so, the last problem and one error name the cause and the fix, calls fail open, and the tier
 * coordinates once the configuration is mended. A user with exactly the permissions of the ACL
 * line the tier gives coordinates, and Redis denies it nothing.
 */
@Timeout(120)
final class FleetMisconfigurationTest {

  private static final String PASSWORD = "fleet-password";

  @AutoClose private final TestResources resources = new TestResources();
  @AutoClose private final TierLog log = new TierLog();

  @Test
  void aUserWithTheGivenAclLineCoordinatesAndIsDeniedNothing() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetOptions options = TestRedis.options().build();
    setUser(redis, aclLine(options));

    FleetCoordinator a = TestRedis.coordinating(instance(redis, "fleet", options));
    FleetCoordinator b = TestRedis.coordinating(instance(redis, "fleet", options));

    assertThat(GatedRound.run(resources.callers, a, b, "/quote", 50)).isEqualTo(1);
    // the eviction policy, read once if allowed; a refusal is no fault
    try (RedisAdmin admin = redis.admin()) {
      assertThat(denied(admin)).as("denied by Redis").containsOnly("config|get");
    }
    assertThat(log.at(Level.SEVERE)).isEmpty();
  }

  @Test
  void aUserWithTheGivenAclLineCoordinatesInADatabaseOfItsOwn() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetOptions options = TestRedis.options().build();
    setUser(
        redis,
        new Faults(
                options.keyPrefix(), RedisTarget.Topology.STANDALONE, "fleet", /* selects= */ true)
            .aclLine());
    RedisURI uri =
        RedisURI.builder()
            .withHost("127.0.0.1")
            .withPort(redis.port())
            .withAuthentication("fleet", PASSWORD.toCharArray())
            .withDatabase(3)
            .build();

    FleetCoordinator a =
        TestRedis.coordinating(resources.add(FleetCoordinator.connect(uri, options)));
    FleetCoordinator b =
        TestRedis.coordinating(resources.add(FleetCoordinator.connect(uri, options)));

    assertThat(GatedRound.run(resources.callers, a, b, "/quote", 10)).isEqualTo(1);
    assertThat(redis.command("INFO", "keyspace").toString())
        .contains("db3:")
        .doesNotContain("db0:");
  }

  @Test
  void aMissingCommandPermissionIsNamedWithTheAclLineAndMendedWithoutARestart() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetOptions options = TestRedis.options().build();
    String aclLine = aclLine(options);
    setUser(redis, aclLine + " -evalsha");
    FleetCoordinator a = instance(redis, "fleet", options);

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.call(FleetKey.of("GET", "/quote"), FleetCodec.utf8(), () -> "own"))
        .isEqualTo("own");
    assertThat(a.stats().fellBack(FallbackReason.TIER_DOWN)).isEqualTo(1);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(problem -> assertThat(problem).contains("'evalsha'").contains(aclLine));
    assertThat(log.awaitAt(Level.SEVERE, "'evalsha'")).hasSize(1);

    redis.command("ACL", "SETUSER", "fleet", "+evalsha");
    TestRedis.coordinating(a);
    assertThat(log.awaitAt(Level.INFO, "mended")).hasSize(1);
    assertThat(log.at(Level.SEVERE)).hasSize(1);
    assertThat(a.stats().outages()).isZero();
  }

  /** Redis 7 gives a new user no channels; the tier's channels are named, not an outage. */
  @Test
  void aUserWithoutTheTiersChannelsIsMisconfigured() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetOptions options = TestRedis.options().build();
    setUser(redis, aclLine(options).replace("&" + options.keyPrefix() + ":*", ""));

    FleetCoordinator a = instance(redis, "fleet", options);

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(
            problem ->
                assertThat(problem).contains("channel").contains("&" + options.keyPrefix() + ":*"));
  }

  /** A permission taken away while the tier coordinates: the next call meets it. */
  @Test
  void aCallThatMeetsAMissingPermissionTurnsTheTierMisconfiguredAtOnce() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetOptions options = TestRedis.options().build();
    setUser(redis, aclLine(options));
    FleetCoordinator a = TestRedis.coordinating(instance(redis, "fleet", options));

    redis.command("ACL", "SETUSER", "fleet", "-evalsha");

    assertThat(a.call(FleetKey.of("GET", "/quote"), FleetCodec.utf8(), () -> "own"))
        .isEqualTo("own");
    assertThat(a.stats().fellBack(FallbackReason.REDIS_ERROR)).isEqualTo(1);
    assertThat(a.stats().state()).isEqualTo(FleetState.MISCONFIGURED);
  }

  @Test
  void aDisabledCommandIsMisconfiguredNotCoordinating() throws Exception {
    RedisServer redis =
        resources.own(RedisServer.builder().option("--rename-command", "EVALSHA", ""));
    FleetCoordinator a = instance(redis, null, TestRedis.options().build());

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(
            problem -> assertThat(problem).contains("unknown command").contains("EVALSHA"));
  }

  @Test
  void aReplicaIsMisconfigured() throws Exception {
    RedisServer master = resources.own(RedisServer.builder());
    RedisServer replica =
        resources.own(
            RedisServer.builder()
                .option("--replicaof", "127.0.0.1", Integer.toString(master.port())));
    FleetCoordinator a = instance(replica, null, TestRedis.options().build());

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(
            problem -> assertThat(problem).contains("replica").contains("Sentinel"));
  }

  @Test
  void aClusterNodeTakenForAStandaloneRedisIsMisconfigured() throws Exception {
    RedisCluster cluster = resources.add(RedisCluster.start(/* replicas= */ false));
    FleetCoordinator a =
        resources.add(
            FleetCoordinator.connect(
                RedisURI.create(cluster.uris().get(0)), TestRedis.options().build()));

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(
            problem -> assertThat(problem).contains("cluster").contains("connectCluster"));
  }

  @Test
  void aWrongPasswordIsMisconfigured() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder().requirePass("right"));
    FleetCoordinator a =
        resources.add(
            FleetCoordinator.connect(
                RedisURI.builder()
                    .withHost("127.0.0.1")
                    .withPort(redis.port())
                    .withPassword("wrong".toCharArray())
                    .build(),
                TestRedis.options().build()));

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(
            problem -> assertThat(problem).contains("credentials").contains("WRONGPASS"));
  }

  /** Returns the command, key or channel of each entry of the ACL log of {@code redis}. */
  static List<String> denied(RedisAdmin redis) throws Exception {
    List<String> objects = new ArrayList<>();
    for (Object entry : (List<?>) redis.call("ACL", "LOG")) {
      List<?> fields = (List<?>) entry;
      objects.add(String.valueOf(fields.get(fields.indexOf("object") + 1)));
    }
    return objects;
  }

  /** Returns the ACL line the tier gives for user {@code fleet} of a standalone Redis. */
  private static String aclLine(FleetOptions options) {
    return new Faults(options.keyPrefix(), RedisTarget.Topology.STANDALONE, "fleet", false)
        .aclLine();
  }

  private static void setUser(RedisServer redis, String aclLine) throws Exception {
    List<String> words =
        new ArrayList<>(List.of(aclLine.replace("<password>", PASSWORD).trim().split("\\s+")));
    assertThat(words.subList(0, 2)).containsExactly("ACL", "SETUSER");
    try (RedisAdmin admin = redis.admin()) {
      admin.call(words.toArray(String[]::new));
    }
  }

  private FleetCoordinator instance(RedisServer redis, String user, FleetOptions options) {
    RedisURI.Builder uri = RedisURI.builder().withHost("127.0.0.1").withPort(redis.port());
    if (user != null) {
      uri.withAuthentication(user, PASSWORD.toCharArray());
    }
    return resources.add(FleetCoordinator.connect(uri.build(), options));
  }

  private static void awaitState(FleetCoordinator coordinator, FleetState state) {
    awaitTrue(() -> coordinator.stats().state() == state, "the tier to be " + state, 30);
  }
}
