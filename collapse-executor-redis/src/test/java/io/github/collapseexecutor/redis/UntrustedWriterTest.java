package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A writer to Redis without the fleet's secret cannot make a caller wait longer than the lease
 * time and the coordination timeout, nor make an instance read more than the largest value the
 * tier stores. Each test runs a redis-server of its own, so that what Redis sent is this test's.
 */
@Timeout(120)
final class UntrustedWriterTest {

  private static final long A_DAY_MILLIS = TimeUnit.DAYS.toMillis(1);
  private static final FleetKey KEY = FleetKey.of("GET", "/report");

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<AutoCloseable> closing = new ArrayList<>();
  private final CountDownLatch leaderGate = new CountDownLatch(1);
  private final CountDownLatch leaderCalled = new CountDownLatch(1);

  @AfterEach
  void close() throws Exception {
    leaderGate.countDown();
    for (AutoCloseable resource : closing) {
      resource.close();
    }
    callers.shutdownNow();
  }

  @Test
  void aLeaseSetToLastADayHoldsAWaitingCallerNoLongerThanTheLeaseTime() throws Exception {
    RedisServer server = own();
    FleetOptions options =
        TestRedis.options()
            .leaseTime(Duration.ofSeconds(1))
            .coordinationTimeout(Duration.ofSeconds(2))
            .build();
    Future<String> leader = heldLeader(server, options);
    FleetCoordinator b = instance(server, options);

    RedisCommands<String, String> redis = raw(server);
    String lease = leaseKey(redis, options);
    assertThat(redis.pexpire(lease, A_DAY_MILLIS)).isTrue();

    // no wait limit of the caller's own: only the lease bounds it
    Future<String> waiter =
        callers.submit(() -> b.call(KEY, FleetCodec.utf8(), () -> "own answer"));

    assertThat(waiter.get(60, TimeUnit.SECONDS)).isEqualTo("own answer");
    assertThat(leader).isNotDone();
    assertThat(b.stats().leaseLost()).isEqualTo(1);
  }

  @Test
  void aLeaseLongerThanAnyTheFleetTakesIsNotJoinedByACallerAfterAWrite() throws Exception {
    RedisServer server = own();
    FleetOptions options = TestRedis.options().leaseTime(Duration.ofSeconds(5)).build();
    Future<String> leader = heldLeader(server, options);
    FleetCoordinator b = instance(server, options);

    RedisCommands<String, String> redis = raw(server);
    // the lease would look younger than the caller's write, though its call started before it
    assertThat(redis.pexpire(leaseKey(redis, options), A_DAY_MILLIS)).isTrue();

    assertThat(
            b.call(
                KEY,
                FleetCodec.utf8(),
                Duration.ofSeconds(30),
                Duration.ofSeconds(1),
                () -> "own answer"))
        .isEqualTo("own answer");
    assertThat(b.stats().overtaken()).isEqualTo(1);
    assertThat(leader).isNotDone();
  }

  @Test
  void aValueLargerThanTheTierStoresIsNeverSentToTheInstance() throws Exception {
    RedisServer server = own();
    FleetOptions options = TestRedis.options().maxValueBytes(64 * 1024).build();
    Future<String> leader = heldLeader(server, options);
    FleetCoordinator b = instance(server, options);

    RedisCommands<String, String> redis = raw(server);
    String lease = leaseKey(redis, options);
    String token = redis.get(lease);
    String digest = lease.substring(lease.indexOf('{') + 1, lease.indexOf('}'));
    RedisNames names = new RedisNames(options.keyPrefix());
    int size = 8 * 1024 * 1024;
    RedisClient bytesClient = TestRedis.rawClient(server.port());
    closing.add(bytesClient::shutdown);
    try (StatefulRedisConnection<byte[], byte[]> bytes =
        bytesClient.connect(ByteArrayCodec.INSTANCE)) {
      bytes.sync().set(utf8(names.result(digest, token)), new byte[size]);
    }
    long sentBefore = sentBytes(redis);

    // the end of the call, as the tier announces it, so that the waiter reads the value again
    Future<String> waiter =
        callers.submit(
            () -> b.call(KEY, FleetCodec.utf8(), Duration.ofSeconds(30), () -> "own answer"));
    awaitTrue(() -> b.watching() == 1, "the second instance to watch");
    // a shard channel: the Redis the tests start has sharded pub/sub
    redis.spublish(names.channel(digest), token + ":1");

    assertThat(waiter.get(60, TimeUnit.SECONDS)).isEqualTo("own answer");
    assertThat(b.stats().unshared()).as("the end heard, the value refused").isEqualTo(1);
    assertThat(sentBytes(redis) - sentBefore).isLessThan(size / 8);
    assertThat(leader).isNotDone();
  }

  /**
   * Starts an instance on {@code server} whose call for {@link #KEY} leads, and returns that call
   * once it holds the key's lease; it is held until the test ends.
   */
  private Future<String> heldLeader(RedisServer server, FleetOptions options)
      throws InterruptedException {
    FleetCoordinator leading = instance(server, options);
    Future<String> leader =
        callers.submit(() -> leading.call(KEY, FleetCodec.utf8(), this::heldCall));
    leaderCalled.await(30, TimeUnit.SECONDS);
    return leader;
  }

  /** The leader's call: held until the test ends. */
  private String heldCall() throws InterruptedException {
    leaderCalled.countDown();
    leaderGate.await(60, TimeUnit.SECONDS);
    return "leader's answer";
  }

  /** Returns the one lease key under the test's prefix, as anyone who can list keys finds it. */
  private static String leaseKey(RedisCommands<String, String> redis, FleetOptions options) {
    List<String> leases =
        redis
            .scan(ScanArgs.Builder.matches(options.keyPrefix() + ":*:lease").limit(1000))
            .getKeys();
    assertThat(leases).hasSize(1);
    return leases.get(0);
  }

  /** Returns how many bytes Redis sent to its clients so far. */
  private static long sentBytes(RedisCommands<String, String> redis) {
    String stats = redis.info("stats");
    return stats
        .lines()
        .filter(line -> line.startsWith("total_net_output_bytes:"))
        .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim()))
        .findFirst()
        .orElseThrow();
  }

  private RedisCommands<String, String> raw(RedisServer server) {
    RedisClient client = TestRedis.rawClient(server.port());
    closing.add(client::shutdown);
    return client.connect().sync();
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private RedisServer own() throws Exception {
    RedisServer server = RedisServer.start();
    closing.add(server);
    return server;
  }

  private FleetCoordinator instance(RedisServer server, FleetOptions options) {
    FleetCoordinator coordinator = TestRedis.coordinating(server.port(), options);
    closing.add(0, coordinator);
    return coordinator;
  }
}
