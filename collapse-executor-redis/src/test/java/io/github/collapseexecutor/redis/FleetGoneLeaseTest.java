package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisServer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The probe's look for the leases of awaited calls ({@link TierProbe}): callers that wait for a
 * call whose lease vanished with no end heard go on long before the lease would have run out,
 * while a lease still held, or one whose end is heard within {@link TierProbe#GONE_GRACE_NANOS}
 * of its being freed, wakes nobody early. The probe's look is a {@code GET} of the lease, the
 * only {@code GET} the tier sends outside its scripts, so the tests tell from the server's counts that the
 * probe looked.
 */
@Timeout(120)
final class FleetGoneLeaseTest {

  /** Long, so that a caller that waits the lease out is told from one that does not. */
  private static final Duration LEASE = Duration.ofSeconds(60);

  private static final Pattern GET_CALLS = Pattern.compile("cmdstat_get:calls=(\\d+)");

  private static final Pattern EVAL_CALLS = Pattern.compile("cmdstat_eval:calls=(\\d+)");

  private static final Pattern EVALSHA_CALLS = Pattern.compile("cmdstat_evalsha:calls=(\\d+)");

  private static final Pattern EVALSHA_FAILED =
      Pattern.compile("cmdstat_evalsha:[^\\r\\n]*failed_calls=(\\d+)");

  @AutoClose private final TestResources resources = new TestResources();

  private final FleetOptions options = TestRedis.options().leaseTime(LEASE).build();

  /**
   * Hazard: the lease of a call under way is deleted (evicted, or by someone) while callers of
   * another instance wait for it, and no end will come on its channel. They make their own calls
   * while the leader's call still runs, rather than wait for it or for the lease.
   */
  @Test
  void waitersOfALeaseDeletedUnderTheLeaderGoOnWhileItsCallStillRuns() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetCoordinator a = instance(redis);
    FleetCoordinator b = instance(redis);
    FleetKey key = FleetKey.of("GET", "/evicted");
    CountDownLatch leading = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
    Future<String> led =
        resources.callers.submit(
            () ->
                a.call(
                    key,
                    FleetCodec.utf8(),
                    () -> {
                      leading.countDown();
                      gate.await(60, TimeUnit.SECONDS);
                      return "leader's answer";
                    }));
    assertThat(leading.await(30, TimeUnit.SECONDS)).as("the leader's call began").isTrue();
    AtomicInteger ownCalls = new AtomicInteger();
    List<Future<String>> waiters = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      waiters.add(
          resources.callers.submit(
              () -> b.call(key, FleetCodec.utf8(), () -> "own " + ownCalls.incrementAndGet())));
    }
    awaitTrue(() -> b.watching() == 3, "the callers of the other instance to wait");

    redis.command("DEL", lease(key));

    try {
      for (Future<String> waiter : waiters) {
        assertThat(waiter.get(30, TimeUnit.SECONDS)).startsWith("own ");
      }
      assertThat(led).as("the leader's call still runs").isNotDone();
    } finally {
      gate.countDown();
    }
    assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo("leader's answer");
    assertThat(ownCalls.get()).isEqualTo(3);
    assertThat(b.stats().leaseLost()).isEqualTo(3);
    assertThat(b.stats().joined()).isZero();
    assertThat(a.stats().evicted()).as("the leader saw its lease gone").isEqualTo(1);
  }

  /**
   * Hazard: the probe looks while the leader still holds the lease, for longer than the grace,
   * round after round. No caller is woken by it: every round makes one backend call, and every
   * other caller joins it.
   */
  @Test
  void aHeldLeaseWakesNoCallerAcrossManyRounds() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetCoordinator a = instance(redis);
    FleetCoordinator b = instance(redis);
    int rounds = 6;
    int callsPerRound = 6;
    try (RedisAdmin admin = redis.admin()) {
      for (int round = 0; round < rounds; round++) {
        String path = "/held/" + round;
        GatedBackend backend = new GatedBackend();
        long scripts = scriptsRun(admin);
        FleetKey key = FleetKey.of("GET", path);
        // one instance leads, the other waits, so that one probe looks, once per interval
        List<Future<String>> answers = new ArrayList<>();
        answers.add(
            resources.callers.submit(
                () -> a.call(key, FleetCodec.utf8(), () -> backend.call(path))));
        backend.awaitFirstCall();
        for (int i = 1; i < callsPerRound; i++) {
          answers.add(
              resources.callers.submit(
                  () -> b.call(key, FleetCodec.utf8(), () -> backend.call(path))));
        }
        // every caller claimed, and every waiter looked for a result before it waits
        awaitTrue(
            () -> scriptsRun(admin) >= scripts + 2 * callsPerRound - 1,
            "every caller to claim the key, and every waiter to look for a result",
            30);
        awaitProbeLooks(admin, looksOverTheGrace());
        backend.open();
        for (Future<String> answer : answers) {
          assertThat(answer.get(30, TimeUnit.SECONDS)).isEqualTo("answer to " + path);
        }
        assertThat(backend.calls(path)).as("backend calls of round " + round).isEqualTo(1);
      }
    }
    assertThat(a.stats().leaseLost() + b.stats().leaseLost()).isZero();
    assertThat(a.stats().joined() + b.stats().joined()).isEqualTo(rounds * (callsPerRound - 1L));
  }

  /**
   * Hazard: a call ends normally, but its end reaches the waiter only after the probe saw its
   * lease freed (the end frees the lease a moment before its publication arrives). The waiter
   * goes by the end it hears, a call that shared no result, rather than take the lease for lost.
   */
  @Test
  void anEndHeardWithinTheGraceIsNotTakenForALostLease() throws Exception {
    RedisServer redis = resources.own(RedisServer.builder());
    FleetCoordinator b = instance(redis);
    redis.command("CONFIG", "RESETSTAT");
    FleetKey key = FleetKey.of("GET", "/ended");
    String holder = new FleetSecret(TestRedis.SECRET, true).token();
    String lease = lease(key);
    redis.command("SET", lease, holder, "PX", Long.toString(LEASE.toMillis()));
    AtomicInteger ownCalls = new AtomicInteger();
    Future<String> waiter =
        resources.callers.submit(
            () -> b.call(key, FleetCodec.utf8(), () -> "own " + ownCalls.incrementAndGet()));
    try (RedisAdmin admin = redis.admin()) {
      awaitTrue(() -> scriptsRun(admin) >= 2, "the caller to claim and look for a result");
      // the holder's call ends with no result to share; the probe sees the lease freed, twice,
      // before its end is published
      admin.call("DEL", lease);
      awaitProbeLooks(admin, 2);
      admin.call("SPUBLISH", channel(key), holder + ":0");
    }

    assertThat(waiter.get(30, TimeUnit.SECONDS)).isEqualTo("own 1");
    assertThat(b.stats().unshared()).as(b.stats().toString()).isEqualTo(1);
    assertThat(b.stats().leaseLost()).as(b.stats().toString()).isZero();
  }

  /**
   * Waits until the probe looked for a lease {@code looks} times after this was called, once no
   * script of a call runs: each look comes a probe interval after the one before, long after the
   * answer to the one before was handled.
   */
  private static void awaitProbeLooks(RedisAdmin admin, int looks) {
    long before = stat(admin, GET_CALLS);
    awaitTrue(() -> stat(admin, GET_CALLS) >= before + looks, "the probe to look", 30);
  }

  /**
   * Returns how many looks of the probe at a lease span its grace at least, and one more, so
   * that a caller the grace let through is woken before the last.
   */
  private int looksOverTheGrace() {
    long interval = options.probeInterval().toNanos();
    return (int) ((TierProbe.GONE_GRACE_NANOS + interval - 1) / interval) + 2;
  }

  /** Returns how many scripts Redis ran, whose own commands count among the others. */
  private static long scriptsRun(RedisAdmin admin) {
    return stat(admin, EVALSHA_CALLS) - stat(admin, EVALSHA_FAILED) + stat(admin, EVAL_CALLS);
  }

  private static long stat(RedisAdmin admin, Pattern stat) {
    try {
      Matcher found = stat.matcher(admin.text("INFO", "commandstats"));
      return found.find() ? Long.parseLong(found.group(1)) : 0;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Returns an instance whose probe runs no command but those the tests count. */
  private FleetCoordinator instance(RedisServer redis) {
    FleetCoordinator instance = resources.add(TestRedis.coordinating(redis.port(), options));
    instance.tellNoInstances();
    return instance;
  }

  private String lease(FleetKey key) {
    return new RedisNames(options.keyPrefix()).lease(digest(key));
  }

  private String channel(FleetKey key) {
    return new RedisNames(options.keyPrefix()).channel(digest(key));
  }

  private static String digest(FleetKey key) {
    return new FleetSecret(TestRedis.SECRET, true).digest(key);
  }
}
