package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisCluster;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The end of a call that a waiting instance did not hear: published where it no longer listened
 * (a failover moved the channel), or on a channel the client failed to subscribe again after a
 * reconnect. The waiter does not wait out the lease for it, and the channel is subscribed again.
 */
@Timeout(120)
final class FleetUnheardEndTest {

  private static final FleetKey KEY = FleetKey.of("GET", "/report");

  @AutoClose private final TestResources resources = new TestResources();

  /**
   * Hazard: the lease of the awaited call is freed and its result stored, but its end never
   * reaches the waiter. It takes the result within a few probe intervals, not the lease time.
   */
  @Test
  void aWaiterThatHearsNoEndTakesTheResultOnceTheLeaseIsGone() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetOptions options = TestRedis.options().leaseTime(Duration.ofSeconds(60)).build();
    FleetCoordinator b = resources.add(TestRedis.coordinating(redis.port(), options));
    RedisNames names = new RedisNames(options.keyPrefix());
    FleetSecret secret = new FleetSecret(TestRedis.SECRET, true);
    String digest = secret.digest(KEY);
    String holder = secret.token();
    RedisClient raw = TestRedis.rawClient(redis.port());
    resources.add(raw::shutdown);
    RedisCommands<String, byte[]> redisCommands =
        raw.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE)).sync();
    redisCommands.set(
        names.lease(digest),
        holder.getBytes(StandardCharsets.US_ASCII),
        SetArgs.Builder.px(60_000));
    Future<String> waiter =
        resources.callers.submit(() -> b.call(KEY, FleetCodec.utf8(), () -> "own"));
    awaitTrue(() -> b.watching() == 1, "the instance to wait for the holder");

    // the holder's call ends, as far as Redis goes, without a word on the channel
    redisCommands.set(
        names.result(digest, holder),
        secret.seal("holder's answer".getBytes(StandardCharsets.UTF_8), digest, holder),
        SetArgs.Builder.px(10_000));
    redisCommands.del(names.lease(digest));

    assertThat(waiter.get(30, TimeUnit.SECONDS)).isEqualTo("holder's answer");
    assertThat(b.stats().joined()).isEqualTo(1);
  }

  /**
   * Hazard: a node drops the instance's subscriptions (a restart, a lost connection); the client
   * subscribes again to all of them in one command, which the node refuses since they are in
   * different slots. The tier subscribes again to each channel a caller waits on, and the
   * callers hear the ends of the calls.
   */
  @Test
  void channelsDroppedByANodeAreSubscribedAgainAndTheirEndsHeard() throws Exception {
    RedisCluster cluster = resources.add(RedisCluster.start(/* replicas= */ false));
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a =
        TestRedis.coordinating(
            resources.add(
                FleetCoordinator.connectCluster(
                    List.of(RedisURI.create(cluster.uris().get(0))), options)));
    FleetCoordinator b =
        TestRedis.coordinating(
            resources.add(
                FleetCoordinator.connectCluster(
                    List.of(RedisURI.create(cluster.uris().get(0))), options)));
    RedisNames names = new RedisNames(options.keyPrefix());
    FleetSecret secret = new FleetSecret(TestRedis.SECRET, true);
    List<String> paths = new ArrayList<>();
    List<String> channels = new ArrayList<>();
    int node = cluster.masterOf(names.channel(secret.digest(FleetKey.of("GET", "/0"))));
    for (int i = 0; paths.size() < 2; i++) {
      String channel = names.channel(secret.digest(FleetKey.of("GET", "/" + i)));
      if (cluster.masterOf(channel) == node) {
        paths.add("/" + i);
        channels.add(channel);
      }
    }
    GatedBackend backend = new GatedBackend();
    List<Future<String>> answers = new ArrayList<>();
    for (String path : paths) {
      answers.add(
          resources.callers.submit(
              () -> a.call(FleetKey.of("GET", path), FleetCodec.utf8(), () -> backend.call(path))));
    }
    awaitTrue(() -> backend.calls() == 2, "the first instance to call for both keys");
    for (String path : paths) {
      answers.add(
          resources.callers.submit(
              () -> b.call(FleetKey.of("GET", path), FleetCodec.utf8(), () -> backend.call(path))));
    }
    awaitTrue(() -> b.watching() == 2, "the second instance to wait for both");

    try (RedisAdmin admin = cluster.admin(node)) {
      assertThat(shardChannels(admin)).containsExactlyInAnyOrderElementsOf(channels);
      admin.call("CLIENT", "KILL", "TYPE", "pubsub");
      awaitTrue(
          () -> shardChannels(admin).containsAll(channels),
          "the channels to be subscribed again",
          30);
    }
    backend.open();

    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i).get(30, TimeUnit.SECONDS))
          .isEqualTo("answer to " + paths.get(i % 2));
    }
    assertThat(backend.calls()).isEqualTo(2);
    assertThat(b.stats().joined()).isEqualTo(2);
  }

  private static List<String> shardChannels(RedisAdmin admin) {
    try {
      return ((List<?>) admin.call("PUBSUB", "SHARDCHANNELS"))
          .stream().map(String::valueOf).toList();
    } catch (Exception e) {
      return List.of();
    }
  }
}
