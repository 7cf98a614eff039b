package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The ring the adaptive limit reads its latencies from. */
final class LatencySamplesTest {

  @Test
  void drainsWhatWasAddedOldestFirstAndOnlyOnce() {
    LatencySamples samples = new LatencySamples();
    samples.add(1, 100);
    samples.add(2, 200);

    assertThat(drain(samples)).containsExactly(new long[] {1, 100}, new long[] {2, 200});
    assertThat(drain(samples)).isEmpty();
  }

  @Test
  void everyRoundthSampleCompletesARound() {
    LatencySamples samples = new LatencySamples();

    for (int i = 1; i <= 3 * AdaptiveLimitTuning.ROUND; i++) {
      assertThat(samples.add(1, i)).isEqualTo(i % AdaptiveLimitTuning.ROUND == 0);
    }
  }

  @Test
  void aDrainThatComesLateGetsTheLatestFourRounds() {
    LatencySamples samples = new LatencySamples();
    int added = 5 * AdaptiveLimitTuning.ROUND;
    for (int i = 0; i < added; i++) {
      samples.add(1, i);
    }

    List<long[]> drained = drain(samples);

    assertThat(drained).hasSize(4 * AdaptiveLimitTuning.ROUND);
    assertThat(drained.get(0)[1]).isEqualTo(AdaptiveLimitTuning.ROUND);
    assertThat(drained.get(drained.size() - 1)[1]).isEqualTo(added - 1);
  }

  @Test
  void levelsAndLatenciesOutOfRangeAreClamped() {
    LatencySamples samples = new LatencySamples();
    samples.add(1_000, -5);
    samples.add(0, Long.MAX_VALUE);

    List<long[]> drained = drain(samples);

    assertThat(drained.get(0)).containsExactly(LatencySamples.MAX_LEVEL, 0);
    assertThat(drained.get(1)[0]).isEqualTo(1);
    assertThat(drained.get(1)[1]).isGreaterThan(TimeUnit.MINUTES.toNanos(15));
  }

  /**
   * Hazard: a drain that reads an entry another thread claimed but has not written yet, or one
   * that a later lap overwrote, would hand the limit a sample that never happened.
   */
  @Test
  @Timeout(10)
  void concurrentAddsNeverYieldASampleThatWasNotAdded() throws Exception {
    LatencySamples samples = new LatencySamples();
    AtomicBoolean stop = new AtomicBoolean();
    int writers = 4;
    CountDownLatch started = new CountDownLatch(writers);
    List<Thread> threads = new ArrayList<>();
    for (int w = 1; w <= writers; w++) {
      int level = w;
      Thread thread =
          new Thread(
              () -> {
                started.countDown();
                long i = 0;
                while (!stop.get()) {
                  // the latency encodes the level, so that a torn or stale entry shows
                  samples.add(level, level * 1_000_000L + (i++ % 1_000));
                }
              });
      thread.start();
      threads.add(thread);
    }
    started.await();
    long drained = 0;
    long start = System.nanoTime();
    long deadline = start + TimeUnit.MILLISECONDS.toNanos(300);
    // a busy machine may not run this thread at all for 300 ms: go on until something was
    // drained, for a few seconds at most
    long lastChance = start + TimeUnit.SECONDS.toNanos(5);
    try {
      for (long now = start;
          now < deadline || (drained == 0 && now < lastChance);
          now = System.nanoTime()) {
        for (long[] sample : drain(samples)) {
          assertThat(sample[0]).isBetween(1L, (long) writers);
          assertThat(sample[1] / 1_000_000).isEqualTo(sample[0]);
          drained++;
        }
      }
    } finally {
      // the writers spin: never leave them running, whatever the drain found
      stop.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
    }
    assertThat(drained).isPositive();
  }

  private static List<long[]> drain(LatencySamples samples) {
    List<long[]> drained = new ArrayList<>();
    samples.drain((level, nanos) -> drained.add(new long[] {level, nanos}));
    return drained;
  }
}
