package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.SHARED_PORT;
import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.lettuce.core.RedisClient;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances of a service, each with a coordinator on a Lettuce client of its own, sharing the
 * Redis on 127.0.0.1:6379: one backend call per key across both, and only between callers that
 * would share on one instance.
 */
@Timeout(90)
final class FleetCoordinatorTest {

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<FleetCoordinator> instances = new ArrayList<>();

  @BeforeEach
  void redisIsThere() {
    TestRedis.assumeRunning(SHARED_PORT);
  }

  @AfterEach
  void close() {
    instances.forEach(FleetCoordinator::close);
    callers.shutdownNow();
  }

  @Test
  void oneBackendCallPerKeyAcrossTwoInstances() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend backend = new GatedBackend();
    List<String> keys = List.of("/quote/ACME", "/quote/INIT", "/quote/ZED");
    List<Future<String>> answers = new ArrayList<>();
    List<String> asked = new ArrayList<>();
    for (String key : keys) {
      for (int i = 0; i < 4; i++) {
        for (FleetCoordinator instance : List.of(a, b)) {
          asked.add(key);
          answers.add(
              callers.submit(
                  () ->
                      instance.call(
                          FleetKey.of("GET", key), FleetCodec.utf8(), () -> backend.call(key))));
        }
      }
    }
    // every caller but one per key waits for that one before the backend answers
    awaitTrue(
        () -> a.watching() + b.watching() == answers.size() - keys.size(),
        "every caller but the leaders to watch");
    backend.open();

    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("answer to " + asked.get(i));
    }
    keys.forEach(key -> assertThat(backend.calls(key)).as(key).isEqualTo(1));
    assertThat(a.stats().led() + b.stats().led()).isEqualTo(keys.size());
    assertThat(
            a.stats().joined() + b.stats().joined() + a.stats().joinedOwn() + b.stats().joinedOwn())
        .isEqualTo(answers.size() - keys.size());
    assertThat(a.stats().fellBack() + b.stats().fellBack()).isZero();
  }

  @Test
  void callersOfDifferentIdentitiesNeverShare() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend backend = new GatedBackend();
    List<String> identities = List.of("Bearer alice", "Bearer bob", "Bearer carol");
    List<Future<String>> answers = new ArrayList<>();
    List<String> asked = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      for (String identity : identities) {
        for (FleetCoordinator instance : List.of(a, b)) {
          asked.add(identity);
          // the same request but for the credential: the backend answers per caller
          answers.add(
              callers.submit(
                  () ->
                      instance.call(
                          FleetKey.of("GET", "/account", "authorization", identity),
                          FleetCodec.utf8(),
                          () -> backend.call(identity))));
        }
      }
    }
    awaitTrue(
        () -> a.watching() + b.watching() == answers.size() - identities.size(),
        "every caller but one per identity to watch");
    backend.open();

    int wrong = 0;
    for (int i = 0; i < answers.size(); i++) {
      if (!answers.get(i).get(10, TimeUnit.SECONDS).equals("answer to " + asked.get(i))) {
        wrong++;
      }
    }
    assertThat(wrong).as("wrong answers").isZero();
    identities.forEach(identity -> assertThat(backend.calls(identity)).isEqualTo(1));
  }

  /**
   * Hazard: a read that arrives after a write its instance completed takes the result of another
   * instance's call that started before the write, and goes back in time. A caller that gives
   * the age its write left ({@code maxAge}) makes its own call instead of waiting for an older
   * one; a caller without such a limit, or whose write is older than the call, still waits.
   */
  @Test
  void aCallerDoesNotJoinACallThatStartedBeforeItsInstancesWrite() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend held = new GatedBackend();
    FleetKey key = FleetKey.of("GET", "/report");
    Future<String> leader =
        callers.submit(() -> a.call(key, FleetCodec.utf8(), () -> held.call("/report")));
    held.awaitFirstCall();

    String own =
        b.call(key, FleetCodec.utf8(), Duration.ofSeconds(20), Duration.ZERO, () -> "own answer");
    Future<String> olderWrite =
        callers.submit(
            () ->
                b.call(
                    key,
                    FleetCodec.utf8(),
                    Duration.ofSeconds(20),
                    Duration.ofHours(1),
                    () -> "not this one"));
    Future<String> noWrite =
        callers.submit(
            () ->
                b.call(
                    key, FleetCodec.utf8(), Duration.ofSeconds(20), () -> "not this one either"));
    awaitTrue(() -> b.watching() == 2, "both later callers to wait for the first instance");
    held.open();

    assertThat(own).isEqualTo("own answer");
    assertThat(b.stats().overtaken()).isEqualTo(1);
    assertThat(olderWrite.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
    assertThat(noWrite.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
    assertThat(b.stats().joined()).isEqualTo(2);
  }

  /**
   * Hazard: a read sent to one instance after a write completed on another joins a call that
   * the other instance started before the write, and answers from before it: a user who saved a
   * form on one instance sees the old value on the next page from another. The write's count in
   * Redis keeps every later caller out of that call, while a caller that came before the write
   * keeps it, and a call that starts after the write is joined again.
   */
  @Test
  void noInstanceJoinsACallThatStartedBeforeAWriteAnotherInstanceCompleted() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    FleetKey key = FleetKey.of("GET", "/report");
    GatedBackend held = new GatedBackend();
    Future<String> leader =
        callers.submit(() -> a.call(key, FleetCodec.utf8(), () -> held.call("/report")));
    held.awaitFirstCall();
    Future<String> before =
        callers.submit(
            () -> b.call(key, FleetCodec.utf8(), Duration.ofSeconds(20), () -> "not this one"));
    awaitTrue(() -> b.watching() == 1, "the caller before the write to wait for the first one");

    a.written().get(10, TimeUnit.SECONDS);
    String after = b.call(key, FleetCodec.utf8(), Duration.ofSeconds(20), () -> "own answer");
    held.open();

    assertThat(after).isEqualTo("own answer");
    assertThat(before.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
    assertThat(b.stats().overtaken()).isEqualTo(1);
    assertThat(b.stats().joined()).isEqualTo(1);

    // a call that started after the write is joined as before
    GatedBackend later = new GatedBackend();
    Future<String> nextLeader =
        callers.submit(() -> a.call(key, FleetCodec.utf8(), () -> later.call("/report")));
    later.awaitFirstCall();
    Future<String> joiner =
        callers.submit(
            () -> b.call(key, FleetCodec.utf8(), Duration.ofSeconds(20), () -> "not this one"));
    awaitTrue(() -> b.watching() == 1, "the caller after the write to wait for the new call");
    later.open();
    assertThat(joiner.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
    assertThat(nextLeader.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
    assertThat(b.stats().joined()).isEqualTo(2);
    assertThat(b.stats().overtaken()).isEqualTo(1);
  }

  @Test
  void aCallerThatMustNotBlockDoesNotJoinACallThatStartedBeforeItsInstancesWrite()
      throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend held = new GatedBackend();
    FleetKey key = FleetKey.of("GET", "/report");
    Future<String> leader =
        callers.submit(() -> a.call(key, FleetCodec.utf8(), () -> held.call("/report")));
    held.awaitFirstCall();

    String own =
        b.callAsync(
                key,
                FleetCodec.utf8(),
                Duration.ofSeconds(20),
                Duration.ZERO,
                () -> CompletableFuture.completedFuture("own answer"))
            .get(10, TimeUnit.SECONDS);
    held.open();

    assertThat(own).isEqualTo("own answer");
    assertThat(b.stats().overtaken()).isEqualTo(1);
    assertThat(b.stats().joined()).isZero();
    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
  }

  /**
   * Hazard: a leader that dies mid-call never publishes. Its lease frees the key when it ends,
   * and the caller that waited makes its own call then, well within its own deadline.
   */
  @Test
  void aWaiterGetsItsOwnAnswerWhenTheLeaderDiesMidCall() throws Exception {
    // long enough that the waiter arrives while the lease holds, however busy the machine
    FleetOptions options = TestRedis.options().leaseTime(Duration.ofSeconds(4)).build();
    FleetCoordinator dying = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend hanging = new GatedBackend();
    Future<String> lost =
        callers.submit(
            () ->
                dying.call(
                    FleetKey.of("GET", "/report"),
                    FleetCodec.utf8(),
                    () -> hanging.call("/report")));
    hanging.awaitFirstCall();
    dying.close();

    AtomicInteger ownCalls = new AtomicInteger();
    Future<String> answer =
        callers.submit(
            () ->
                b.call(
                    FleetKey.of("GET", "/report"),
                    FleetCodec.utf8(),
                    Duration.ofSeconds(20),
                    () -> "own answer " + ownCalls.incrementAndGet()));

    assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo("own answer 1");
    assertThat(b.stats().leaseLost()).isEqualTo(1);
    assertThat(b.stats().joined()).isZero();
    hanging.open();
    assertThat(lost.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /report");
  }

  /**
   * Hazard: someone who can write to Redis, but has no secret, copies the stored result of an
   * earlier call to the place of a call it makes up, and takes the key's lease for it. An
   * instance that finds the key so held refuses the copy and makes its own call.
   */
  @Test
  void aResultCopiedFromAnEarlierCallIsNotTaken() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend backend = new GatedBackend();
    backend.open();
    FleetKey key = FleetKey.of("GET", "/balance/" + System.nanoTime());
    RedisNames names = new RedisNames(options.keyPrefix());
    String digest = new FleetSecret(TestRedis.SECRET, true).digest(key);
    RedisClient raw = TestRedis.rawClient(SHARED_PORT);
    try (StatefulRedisConnection<String, byte[]> redis =
        raw.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE))) {
      assertThat(a.call(key, FleetCodec.utf8(), () -> backend.call("/balance")))
          .isEqualTo("answer to /balance");
      List<String> stored = redis.sync().keys(names.result(digest, "*"));
      assertThat(stored).as("the result of a's call").hasSize(1);
      byte[] earlier = redis.sync().get(stored.get(0));
      redis.sync().set(names.result(digest, "made-up"), earlier);
      redis
          .sync()
          .set(
              names.lease(digest),
              "made-up".getBytes(StandardCharsets.US_ASCII),
              SetArgs.Builder.px(60_000));

      assertThat(b.call(key, FleetCodec.utf8(), () -> backend.call("/balance")))
          .isEqualTo("answer to /balance");

      assertThat(backend.calls("/balance")).as("b's own call besides a's").isEqualTo(2);
      assertThat(b.stats().joined()).isZero();
      assertThat(b.stats().unshared()).isEqualTo(1);
    } finally {
      raw.shutdown();
    }
  }

  /**
   * Hazard: the leader stores its result and publishes between a caller's claim, which found the
   * key held, and its watch, so that the caller never hears the end. It reads the result once
   * its watch is up, and shares it, instead of waiting out the lease.
   */
  @Test
  void aResultThatLandsBeforeTheWatchIsShared() throws Exception {
    FleetOptions options = TestRedis.options().leaseTime(Duration.ofSeconds(60)).build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend backend = new GatedBackend();
    FleetKey key = FleetKey.of("GET", "/catalogue");
    String lease =
        new RedisNames(options.keyPrefix())
            .lease(new FleetSecret(TestRedis.SECRET, true).digest(key));
    RedisClient raw = TestRedis.rawClient(SHARED_PORT);
    try (StatefulRedisConnection<String, String> redis = raw.connect()) {
      Future<String> leader =
          callers.submit(() -> a.call(key, FleetCodec.utf8(), () -> backend.call("/catalogue")));
      backend.awaitFirstCall();
      b.beforeWatch(
          () -> {
            backend.open();
            awaitTrue(() -> redis.sync().exists(lease) == 0, "the leader to free the key");
          });

      String joined = b.call(key, FleetCodec.utf8(), () -> backend.call("/catalogue"));

      assertThat(joined).isEqualTo("answer to /catalogue");
      assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /catalogue");
      assertThat(backend.calls("/catalogue")).isEqualTo(1);
      assertThat(b.stats().joined()).isEqualTo(1);
    } finally {
      raw.shutdown();
    }
  }

  @Test
  void aResultLargerThanTheCapIsNotShared() throws Exception {
    FleetOptions options = TestRedis.options().maxValueBytes(16).build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend backend = new GatedBackend();
    Round round = leaderThenWaiter(a, b, backend, "/large", () -> backend.call("/large"));

    assertThat(round.leader.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /large");
    assertThat(round.waiter.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /large");
    assertThat(backend.calls("/large")).isEqualTo(2);
    assertThat(b.stats().unshared()).isEqualTo(1);
  }

  /** A failure of another instance's call is its own: the waiting instance makes its own call. */
  @Test
  void aFailedCallIsNotHandedToAnotherInstance() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    GatedBackend backend = new GatedBackend();
    Round round =
        leaderThenWaiter(
            a,
            b,
            backend,
            "/flaky",
            () -> {
              backend.call("/flaky");
              throw new IOException("reset by the backend");
            });

    assertThatThrownBy(() -> round.leader.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(IOException.class);
    assertThat(round.waiter.get(10, TimeUnit.SECONDS)).isEqualTo("answer to /flaky");
    assertThat(b.stats().unshared()).isEqualTo(1);
  }

  /**
   * Hazard: the leader's caller returns before the end of its call reaches Redis, and a caller
   * that comes after it, on another instance, takes the result of a call made before it asked.
   * The leader returns only once the key is free, so the later caller makes its own call.
   */
  @Test
  void aCallerAfterTheCallMakesItsOwn() throws Exception {
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    AtomicInteger calls = new AtomicInteger();
    FleetKey key = FleetKey.of("GET", "/clock");
    String first = a.call(key, FleetCodec.utf8(), () -> "tick " + calls.incrementAndGet());

    String second = b.call(key, FleetCodec.utf8(), () -> "tick " + calls.incrementAndGet());

    assertThat(first).isEqualTo("tick 1");
    assertThat(second).isEqualTo("tick 2");
    assertThat(a.stats().led() + b.stats().led()).isEqualTo(2);
  }

  /**
   * Starts a caller of {@code path} on {@code a} that leads with {@code leaderCall}, then, once
   * its call began, one on {@code b} that makes its own call on {@code backend}; opens the gate
   * once that one watches.
   */
  private Round leaderThenWaiter(
      FleetCoordinator a,
      FleetCoordinator b,
      GatedBackend backend,
      String path,
      FleetCall<String, IOException> leaderCall)
      throws InterruptedException {
    FleetKey key = FleetKey.of("GET", path);
    Future<String> leader = callers.submit(() -> a.call(key, FleetCodec.utf8(), leaderCall));
    backend.awaitFirstCall();
    Future<String> waiter =
        callers.submit(() -> b.call(key, FleetCodec.utf8(), () -> backend.call(path)));
    awaitTrue(() -> b.watching() == 1, "the second instance to watch");
    backend.open();
    return new Round(leader, waiter);
  }

  /** The two callers of {@link #leaderThenWaiter}. */
  private record Round(Future<String> leader, Future<String> waiter) {}

  private FleetCoordinator instance(FleetOptions options) {
    FleetCoordinator coordinator = TestRedis.coordinating(SHARED_PORT, options);
    instances.add(coordinator);
    return coordinator;
  }
}
