package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.SHARED_PORT;
import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a reader of the Redis keyspace and of its channels learns while two instances share calls
 * whose keys hold credentials and URLs with tokens, and whose results repeat them: no credential,
 * no URL, no part of a key or a result; only digests, random tokens and sealed values.
 */
@Timeout(90)
final class FleetKeyspaceTest {

  private static final String CREDENTIAL = "Bearer eyJhbGciOi.s3cr3t-credential";
  private static final String URL = "https://partner.example.test/v1/report?access_token=tok-4711";
  private static final List<String> SECRETS =
      List.of(
          "s3cr3t",
          "tok-4711",
          "partner.example",
          "/v1/report",
          "access_token",
          "eyJhbGciOi",
          "report for");

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<AutoCloseable> closing = new ArrayList<>();

  @BeforeEach
  void redisIsThere() {
    TestRedis.assumeRunning(SHARED_PORT);
  }

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable resource : closing) {
      resource.close();
    }
    callers.shutdownNow();
  }

  @Test
  void redisHoldsNoCredentialNoUrlAndNoResultInTheClear() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = TestRedis.coordinating(SHARED_PORT, options);
    FleetCoordinator b = TestRedis.coordinating(SHARED_PORT, options);
    closing.add(a);
    closing.add(b);
    RedisClient raw = TestRedis.rawClient(SHARED_PORT);
    closing.add(raw::shutdown);
    RedisCommands<String, byte[]> redis =
        raw.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE)).sync();
    List<String> seen = new CopyOnWriteArrayList<>();
    StatefulRedisPubSubConnection<String, String> channels = raw.connectPubSub();
    channels.addListener(
        new RedisPubSubAdapter<>() {
          @Override
          public void message(String pattern, String channel, String message) {
            seen.add(channel + " " + message);
          }

          @Override
          public void smessage(String channel, String message) {
            seen.add(channel + " " + message);
          }
        });
    FleetKey key = FleetKey.of("GET", URL, "authorization", CREDENTIAL);
    // the end of the call goes to the key's channel, a shard channel where Redis has them
    channels.sync().psubscribe(options.keyPrefix() + "*");
    channels
        .sync()
        .ssubscribe(
            new RedisNames(options.keyPrefix())
                .channel(new FleetSecret(TestRedis.SECRET, true).digest(key)));

    GatedBackend backend = new GatedBackend();
    List<Future<String>> answers = new ArrayList<>();
    for (FleetCoordinator instance : List.of(a, b, a, b)) {
      answers.add(
          callers.submit(
              () ->
                  instance.call(
                      key,
                      FleetCodec.utf8(),
                      () -> "report for " + CREDENTIAL + " at " + backend.call(URL))));
    }
    awaitTrue(() -> a.watching() + b.watching() == 3, "all but one caller to watch");
    List<String> whileCalling = keyspace(redis, options.keyPrefix());
    backend.open();
    for (Future<String> answer : answers) {
      assertThat(answer.get(10, TimeUnit.SECONDS)).startsWith("report for " + CREDENTIAL);
    }
    awaitTrue(() -> !seen.isEmpty(), "the end of the call to be published");
    List<String> afterwards = keyspace(redis, options.keyPrefix());

    assertThat(whileCalling).as("the lease and its count of writes").hasSize(2);
    assertThat(afterwards)
        .as("the result, and the count of writes until its lease ends")
        .hasSize(2);
    for (String entry : concat(whileCalling, afterwards, seen)) {
      for (String secret : SECRETS) {
        assertThat(entry).as("what Redis holds").doesNotContainIgnoringCase(secret);
      }
    }
  }

  /** Returns every key under {@code prefix} and its value, as text (ISO-8859-1: every byte). */
  private static List<String> keyspace(RedisCommands<String, byte[]> redis, String prefix) {
    List<String> entries = new ArrayList<>();
    ScanCursor cursor = ScanCursor.INITIAL;
    do {
      KeyScanCursor<String> page = redis.scan(cursor, ScanArgs.Builder.matches(prefix + ":*"));
      for (String key : page.getKeys()) {
        // the probe's own keys, which hold its token, and the instances', which hold their ids
        if (!key.endsWith(":probe") && !key.contains(":{probe-") && !key.contains(":{instances}")) {
          byte[] value = redis.get(key);
          entries.add(
              key + " = " + (value == null ? "" : new String(value, StandardCharsets.ISO_8859_1)));
        }
      }
      cursor = page;
    } while (!cursor.isFinished());
    return entries;
  }

  @SafeVarargs
  private static List<String> concat(List<String>... lists) {
    List<String> all = new ArrayList<>();
    for (List<String> list : lists) {
      all.addAll(list);
    }
    return all;
  }
}
