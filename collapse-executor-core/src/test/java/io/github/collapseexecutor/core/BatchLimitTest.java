package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The adaptive limit against simulated backends, on a simulated clock: every run is the same, and
 * nothing sleeps. The callers are a closed loop that always has inputs waiting, as 200 callers
 * would: whenever the limit allows another batch, one starts, and a batch that cannot start tells
 * the limit so. Each backend call costs 1 ms plus some jitter, and now and then a stall of 5 ms,
 * as on a busy machine.
 */
final class BatchLimitTest {

  private static final long MS = 1_000_000;
  private static final int CEILING = 16;

  @Test
  void growsToTheCeilingWhileTheBackendHasRoom() {
    Run run = new Run(BatchLimit.adaptive(CEILING), new Slots(Integer.MAX_VALUE)).forMillis(2_000);

    assertThat(run.limit.current()).isEqualTo(CEILING);
    assertThat(run.meanLimitSince(1_000)).isGreaterThan(CEILING - 1.5);
  }

  @Test
  void findsTheSlotsOfABackendThatServesEightCallsAtOnce() {
    Run run = new Run(BatchLimit.adaptive(CEILING), new Slots(8)).forMillis(5_000);

    assertThat(run.meanLimitSince(2_000)).isBetween(7.5, 8.1);
    assertThat(run.highestLimitSince(2_000)).isLessThanOrEqualTo(9);
    // above 8 only while it probes for a ninth slot, a round now and then
    assertThat(run.shareOfTimeAbove(8, 2_000)).isLessThan(0.04);
  }

  /** Issue #18: the limit ran at 9 and 10 in front of 8 permits, a quarter of the calls queued. */
  @Test
  void remembersTheKneeInsteadOfDriftingPastIt() {
    Run run = new Run(BatchLimit.adaptive(CEILING), new Slots(8)).forMillis(30_000);

    assertThat(run.shareOfTimeAbove(8, 2_000)).isLessThan(0.04);
    assertThat(run.shareOfTimeAbove(8, 20_000)).isLessThan(0.04);
    assertThat(run.meanLimitSince(20_000)).isBetween(7.5, 8.1);
  }

  /**
   * A batch holds its slot a little before and after its backend call (its leader wakes up, it
   * hands out), so a ninth slot puts fewer than nine calls in the backend and raises latency less
   * than an eighth: the limit must still see it.
   */
  @Test
  void findsEightSlotsWhenBatchesHoldTheirSlotOutsideTheBackendToo() {
    Run run = new Run(BatchLimit.adaptive(CEILING), new Slots(8));
    run.outsideNanos = MS / 20;
    run.forMillis(10_000);

    assertThat(run.meanLimitSince(2_000)).isBetween(7.5, 8.1);
    assertThat(run.shareOfTimeAbove(8, 2_000)).isLessThan(0.05);
  }

  @Test
  void staysNearOneWhenLatencyGrowsWithTheCallsInFlight() {
    Run run = new Run(BatchLimit.adaptive(CEILING), new Slots(1)).forMillis(10_000);

    // a second batch in flight only makes each wait longer: the limit must not keep it
    assertThat(run.meanLimitSince(1_000)).isLessThan(1.1);
  }

  @Test
  void staysNearOneInFrontOfASaturatedBackend() {
    Run run = new Run(BatchLimit.adaptive(CEILING), new Saturated()).forMillis(20_000);

    assertThat(run.meanLimitSince(2_000)).isLessThan(1.05);
    assertThat(run.shareOfTimeAbove(1, 2_000)).isLessThan(0.05);
  }

  @Test
  void followsABackendWhoseCapacityChanges() {
    Slots backend = new Slots(8);
    Run run = new Run(BatchLimit.adaptive(CEILING), backend).forMillis(3_000);
    backend.resize(2);
    run.forMillis(3_000);
    assertThat(run.meanLimitSince(4_000)).isBetween(1.8, 2.2);
    assertThat(run.shareOfTimeAbove(2, 4_000)).isLessThan(0.05);
    backend.resize(8);
    run.forMillis(5_000);
    assertThat(run.meanLimitSince(8_000)).isBetween(7.5, 8.1);
    assertThat(run.shareOfTimeAbove(8, 8_000)).isLessThan(0.04);
  }

  /**
   * Twice the jitter and a stall in every 20 calls, as on a machine far busier than the backend:
   * the limit still finds 8 slots, and still grows to the ceiling where there is room.
   */
  @Test
  void keepsItsCourseThroughHeavyJitter() {
    Run eight = new Run(BatchLimit.adaptive(CEILING), new Slots(8, NOISY)).forMillis(10_000);
    Run unlimited =
        new Run(BatchLimit.adaptive(CEILING), new Slots(Integer.MAX_VALUE, NOISY)).forMillis(3_000);

    assertThat(eight.meanLimitSince(2_000)).isBetween(7.0, 8.1);
    assertThat(eight.shareOfTimeAbove(8, 2_000)).isLessThan(0.05);
    assertThat(unlimited.meanLimitSince(1_000)).isGreaterThan(CEILING - 2.0);
  }

  @Test
  void doesNotGrowWhenNoBatchWaitsForASlot() {
    Run run = new Run(BatchLimit.adaptive(CEILING), new Slots(Integer.MAX_VALUE));
    run.demand = 1;
    run.forMillis(1_000);

    assertThat(run.limit.current()).isEqualTo(1);
  }

  @Test
  void aFixedLimitNeverMoves() {
    Run run = new Run(BatchLimit.fixed(4), new Slots(1)).forMillis(1_000);

    assertThat(run.limit.current()).isEqualTo(4);
    assertThat(run.highestLimitSince(0)).isEqualTo(4);
  }

  /** A simulated backend call: when it ends. */
  private interface Backend {
    /** Returns when a call made at {@code now} ends. */
    long call(long now);
  }

  /** Jitter added to every call: up to {@code spread} ms, and 5 ms one call in {@code stallOneIn}. */
  private record Jitter(double spread, int stallOneIn) {
    long next(Random random) {
      long jitter = (long) (random.nextDouble() * spread * MS);
      return random.nextInt(stallOneIn) == 0 ? jitter + 5 * MS : jitter;
    }
  }

  private static final Jitter QUIET = new Jitter(0.2, 50);
  private static final Jitter NOISY = new Jitter(0.4, 20);

  /** A backend that runs at most {@code slots} calls at once and queues the rest in order. */
  private static final class Slots implements Backend {
    private final Random random = new Random(42);
    private final Jitter jitter;
    /** When each busy slot frees, soonest first; no more entries than slots. */
    private final PriorityQueue<Long> busyUntil = new PriorityQueue<>();
    private int slots;

    Slots(int slots) {
      this(slots, QUIET);
    }

    Slots(int slots, Jitter jitter) {
      this.slots = slots;
      this.jitter = jitter;
    }

    void resize(int slots) {
      this.slots = slots;
    }

    @Override
    public long call(long now) {
      long start = now;
      while (busyUntil.size() >= slots) {
        start = Math.max(start, busyUntil.poll());
      }
      long end = start + MS + jitter.next(random);
      busyUntil.add(end);
      return end;
    }
  }

  /**
   * A backend that serves any number of calls, but each takes 1 ms for every call in flight when it
   * starts, itself included: it serves a thousand calls a second however many are sent.
   */
  private static final class Saturated implements Backend {
    private final Random random = new Random(42);
    /** When each call in flight ends, soonest first. */
    private final PriorityQueue<Long> inFlight = new PriorityQueue<>();

    @Override
    public long call(long now) {
      while (!inFlight.isEmpty() && inFlight.peek() <= now) {
        inFlight.poll();
      }
      long end = now + (inFlight.size() + 1) * MS + QUIET.next(random);
      inFlight.add(end);
      return end;
    }
  }

  /** The simulated callers and clock; records the limit over time. */
  private static final class Run {
    final BatchLimit limit;
    private final Backend backend;
    /** Batches the callers want in flight at once. */
    int demand = Integer.MAX_VALUE;
    /** How long a batch holds its slot before its backend call, and again after it. */
    long outsideNanos;
    /** Batches in flight: {when the slot frees, when the backend call began}. */
    private final PriorityQueue<long[]> ends = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    private long now;
    private int inFlight;
    /** The limit after each batch ended, with the time: {time, limit}. */
    private final ArrayList<long[]> history = new ArrayList<>();

    Run(BatchLimit limit, Backend backend) {
      this.limit = limit;
      this.backend = backend;
    }

    Run forMillis(long millis) {
      long until = now + millis * MS;
      while (now < until) {
        while (inFlight < Math.min(limit.current(), demand)) {
          long called = now + outsideNanos;
          ends.add(new long[] {backend.call(called) + outsideNanos, called});
          inFlight++;
        }
        if (demand > inFlight) {
          limit.reached();
        }
        long[] end = ends.poll();
        now = end[0];
        inFlight--;
        limit.executed(end[0] - outsideNanos - end[1]);
        history.add(new long[] {now, limit.current()});
      }
      return this;
    }

    /** The limit's mean over time since {@code millis}. */
    double meanLimitSince(long millis) {
      return averageSince(millis, limit -> limit);
    }

    /** The share of the time since {@code millis} that the limit spent above {@code above}. */
    double shareOfTimeAbove(int above, long millis) {
      return averageSince(millis, limit -> limit > above ? 1 : 0);
    }

    /** The mean over time since {@code millis} of {@code ofLimit} applied to the limit. */
    private double averageSince(long millis, LongToDoubleFunction ofLimit) {
      long from = millis * MS;
      double weighted = 0;
      long previousTime = from;
      long previousLimit = -1;
      for (long[] point : history) {
        if (point[0] < from) {
          previousLimit = point[1];
          continue;
        }
        if (previousLimit >= 0) {
          weighted += ofLimit.applyAsDouble(previousLimit) * (point[0] - previousTime);
        }
        previousTime = point[0];
        previousLimit = point[1];
      }
      return weighted / (previousTime - from);
    }

    long highestLimitSince(long millis) {
      return history.stream().filter(p -> p[0] >= millis * MS).mapToLong(p -> p[1]).max()
          .orElseThrow();
    }
  }
}
