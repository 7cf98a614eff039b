package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A failover under load, as two instances live through it: rounds of concurrent calls for one key
 * across both run before, during and after it, each call checked; then gated rounds show when the
 * instances share calls again. {@link #run} returns what it saw: failed calls and how long after
 * the failover began the instances coordinated again.
 */
final class FailoverDrill {

  /** How long after the failover began the instances must coordinate again at the latest. */
  static final int BACK_WITHIN_SECONDS = 30;

  private final ExecutorService callers;
  private final FleetCoordinator a;
  private final FleetCoordinator b;
  private final String path;

  FailoverDrill(ExecutorService callers, FleetCoordinator a, FleetCoordinator b, String path) {
    this.callers = callers;
    this.a = a;
    this.b = b;
    this.path = path;
  }

  /**
   * Runs calls, starts the failover with {@code failOver} once three rounds answered, waits with
   * {@code failedOver} until it is done and three more rounds answered, then makes gated rounds of
   * ten calls until one makes a single backend call, for at most {@value #BACK_WITHIN_SECONDS} s
   * after the failover began.
   */
  Outcome run(Step failOver, Step failedOver) throws Exception {
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicInteger rounds = new AtomicInteger();
    Future<Integer> traffic = callers.submit(() -> callsUntil(running, rounds));
    int failed;
    long began;
    long failedOverAt;
    try {
      awaitTrue(() -> rounds.get() >= 3, "calls to run before the failover", 30);
      began = System.nanoTime();
      failOver.run();
      failedOver.run();
      failedOverAt = System.nanoTime();
      int roundsAtFailover = rounds.get();
      awaitTrue(() -> rounds.get() >= roundsAtFailover + 3, "calls to run after the failover", 60);
    } finally {
      running.set(false);
      failed = traffic.get(120, TimeUnit.SECONDS);
    }
    long deadline = began + TimeUnit.SECONDS.toNanos(BACK_WITHIN_SECONDS);
    int calls;
    do {
      calls = GatedRound.run(callers, a, b, path, 10);
    } while (calls != 1 && System.nanoTime() - deadline < 0);
    long back = System.nanoTime();
    return new Outcome(
        rounds.get() * 4,
        failed,
        Duration.ofNanos(failedOverAt - began),
        calls == 1,
        Duration.ofNanos(back - began));
  }

  /**
   * Runs rounds of four concurrent calls for the key across both instances until
   * {@code running} is off, and returns how many calls failed or answered wrongly.
   */
  private int callsUntil(AtomicBoolean running, AtomicInteger rounds) throws InterruptedException {
    GatedBackend open = new GatedBackend();
    open.open();
    int failed = 0;
    while (running.get()) {
      List<Future<String>> answers = new ArrayList<>();
      for (FleetCoordinator instance : List.of(a, b, a, b)) {
        answers.add(
            callers.submit(
                () ->
                    instance.call(
                        FleetKey.of("GET", path),
                        FleetCodec.utf8(),
                        Duration.ofSeconds(20),
                        () -> open.call(path))));
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

  /** One step of a failover, which may fail. */
  @FunctionalInterface
  interface Step {
    void run() throws Exception;
  }

  /**
   * What a drill saw: how many calls ran while it lasted and how many failed, how long after it
   * began the failover was done, whether the instances coordinated again within {@value
   * #BACK_WITHIN_SECONDS} s, and when.
   */
  record Outcome(
      int calls, int failed, Duration failedOver, boolean coordinatedAgain, Duration back) {

    /**
     * Prints the outcome under {@code label}, for the failover page of the benchmarks, and checks
     * that no call failed and that the instances coordinated again.
     */
    void check(String label) {
      System.out.println(label + ": " + this);
      assertThat(failed).as("failed calls of " + calls).isZero();
      assertThat(coordinatedAgain).as(label + ": " + this).isTrue();
    }

    @Override
    public String toString() {
      return calls
          + " calls, "
          + failed
          + " failed, failed over after "
          + failedOver.toMillis()
          + " ms, coordination "
          + (coordinatedAgain ? "back after " + back.toMillis() + " ms" : "not back");
    }
  }
}
