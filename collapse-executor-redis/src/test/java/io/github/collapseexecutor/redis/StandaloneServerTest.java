package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances on one Redis of the test's own: the scripts go by their SHA-1 and come back after
 * the server forgot them, and a server without sharded pub/sub tells the end of a call on a
 * channel that one pattern subscription per instance hears.
 */
@Timeout(120)
final class StandaloneServerTest {

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<AutoCloseable> closing = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    callers.shutdownNow();
    for (AutoCloseable resource : closing) {
      resource.close();
    }
  }

  private static RedisTarget target(RedisServer server, FleetOptions options) {
    return StandaloneTarget.owned(TestRedis.uri(server.port()), ClientOptions.create(), options);
  }

  @Test
  void theScriptsGoByTheirShaAndAreSentAgainAfterAFlush() throws Exception {
    RedisServer server = own();
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(new FleetCoordinator(target(server, options), options));
    FleetCoordinator b = instance(new FleetCoordinator(target(server, options), options));
    RedisCommands<String, String> redis = raw(server);

    assertThat(gatedRound(a, b, "/first")).isEqualTo(1);
    assertThat(redis.info("commandstats"))
        .contains("cmdstat_evalsha:")
        .doesNotContain("cmdstat_eval:");

    redis.scriptFlush();
    assertThat(gatedRound(a, b, "/after-flush")).isEqualTo(1);
    assertThat(a.stats().fellBack() + b.stats().fellBack()).isZero();
  }

  @Test
  void aServerWithoutShardedPubSubTellsTheEndOnAPatternSubscription() throws Exception {
    RedisServer server = own();
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a =
        instance(new FleetCoordinator(target(server, options).withoutShardedPubSub(), options));
    FleetCoordinator b =
        instance(new FleetCoordinator(target(server, options).withoutShardedPubSub(), options));
    RedisCommands<String, String> redis = raw(server);

    assertThat(gatedRound(a, b, "/quote")).isEqualTo(1);
    assertThat(
            a.stats().joined() + b.stats().joined() + a.stats().joinedOwn() + b.stats().joinedOwn())
        .isEqualTo(7);
    assertThat(a.keysSubscribed() + b.keysSubscribed()).isZero();
    assertThat(redis.info("commandstats"))
        .contains("cmdstat_psubscribe:")
        .doesNotContain("cmdstat_ssubscribe:");
  }

  /** Eight concurrent calls for {@code path} across both instances; returns the backend's. */
  private int gatedRound(FleetCoordinator a, FleetCoordinator b, String path) throws Exception {
    GatedBackend backend = new GatedBackend();
    List<Future<String>> answers = new ArrayList<>();
    for (FleetCoordinator instance : List.of(a, b, a, b, a, b, a, b)) {
      answers.add(
          callers.submit(
              () ->
                  instance.call(
                      FleetKey.of("GET", path), FleetCodec.utf8(), () -> backend.call(path))));
    }
    awaitTrue(
        () -> a.watching() + b.watching() + backend.calls() == answers.size(),
        "every caller to wait or call");
    backend.open();
    for (Future<String> answer : answers) {
      assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo("answer to " + path);
    }
    return backend.calls(path);
  }

  private RedisCommands<String, String> raw(RedisServer server) {
    RedisClient client = TestRedis.rawClient(server.port());
    // before the server stops, so that it does not try to reconnect
    closing.add(0, client::shutdown);
    return client.connect().sync();
  }

  private RedisServer own() throws Exception {
    RedisServer server = RedisServer.start();
    closing.add(server);
    return server;
  }

  private FleetCoordinator instance(FleetCoordinator coordinator) {
    closing.add(0, coordinator);
    return TestRedis.coordinating(coordinator);
  }
}
