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
 * the limit so. A batch holds its slot for a while before its backend call (its leader waking up)
 * and after it (the hand-out), and each backend call costs 1 ms with some jitter and, now and then,
 * a stall of 5 ms. On a noisy machine, the jitter is twice as large, and for stretches of 20 to
 * 200 ms every call takes up to half as long again: a busy machine, not a busy backend.
 */
final class BatchLimitTest {

  private static final long MS = 1_000_000;
  private static final int CEILING = 16;

  /** Time a batch holds its slot on either side of its backend call, on average: a sixth in all. */
  private static final double OUTSIDE_MS = 0.1;

  @Test
  void growsToTheCeilingWhileTheBackendHasRoom() {
    Run run = new Run(Backend.slots(Integer.MAX_VALUE), Machine.QUIET).forMillis(2_000);

    assertThat(run.meanLimitSince(1_000)).isGreaterThan(CEILING - 0.5);
  }

  @Test
  void findsTheCallsABackendServesAtOnce() {
    Run run = new Run(Backend.slots(8), Machine.QUIET).forMillis(8_000);

    assertThat(run.meanLimitSince(2_000)).isBetween(7.7, 8.1);
    // above 8 only while it tries a ninth slot, now and then
    assertThat(run.shareOfTimeAbove(8, 2_000)).isLessThan(0.04);
    assertThat(run.queuedPerThousandSince(2_000)).isLessThan(15);
  }

  /**
   * A leader that wakes at once and a hand-out that takes no time leave the batches in the backend
   * all the time: every batch begins at the limit, and the limit has to step down now and then to
   * see the level below it.
   */
  @Test
  void findsTheCallsABackendServesAtOnceWhenBatchesNeverLeaveIt() {
    Run run = new Run(Backend.slots(8), Machine.QUIET).outside(0.01).forMillis(8_000);

    assertThat(run.meanLimitSince(2_000)).isBetween(7.7, 8.1);
    assertThat(run.shareOfTimeAbove(8, 2_000)).isLessThan(0.03);
  }

  /**
   * A third of a slot's time outside the backend: a ninth slot puts nine calls in the backend only
   * now and then, and the limit must still see those that queue.
   */
  @Test
  void findsTheCallsABackendServesAtOnceWhenBatchesSpendAThirdOfTheirSlotOutsideIt() {
    Run run = new Run(Backend.slots(8), Machine.QUIET).outside(0.25).forMillis(8_000);

    assertThat(run.meanLimitSince(2_000)).isBetween(7.7, 8.2);
    assertThat(run.queuedPerThousandSince(2_000)).isLessThan(15);
  }

  /**
   * Issue #18: on a busy virtual machine the limit read the machine's slow stretches as the
   * backend's and spent most of its time at one or two batches, whatever the backend served.
   */
  @Test
  void aMachineThatSlowsDownForEveryCallIsNotTakenForAQueueingBackend() {
    Run eight = new Run(Backend.slots(8), Machine.NOISY).forMillis(8_000);
    Run unlimited = new Run(Backend.slots(Integer.MAX_VALUE), Machine.NOISY).forMillis(4_000);

    assertThat(eight.meanLimitSince(2_000)).isBetween(7.0, 8.2);
    assertThat(eight.shareOfTimeAbove(8, 2_000)).isLessThan(0.08);
    assertThat(unlimited.meanLimitSince(2_000)).isGreaterThan(CEILING - 2.0);
  }

  @Test
  void staysAtOneInFrontOfASaturatedBackend() {
    Run quiet = new Run(Backend.saturated(), Machine.QUIET).forMillis(10_000);
    Run noisy = new Run(Backend.saturated(), Machine.NOISY).forMillis(10_000);

    assertThat(quiet.meanLimitSince(1_000)).isLessThan(1.03);
    assertThat(noisy.meanLimitSince(1_000)).isLessThan(1.03);
  }

  /** A backend slower for every call, whatever the limit: the limit did not cause it, and holds. */
  @Test
  void holdsWhenTheBackendSlowsDownForEveryCall() {
    Backend backend = Backend.slots(Integer.MAX_VALUE);
    Run run = new Run(backend, Machine.QUIET).forMillis(2_000);
    backend.slowDown(1.6);
    run.forMillis(3_000);

    assertThat(run.meanLimitSince(2_000)).isGreaterThan(CEILING - 0.5);
  }

  @Test
  void followsABackendWhoseCapacityChanges() {
    Backend backend = Backend.slots(8);
    Run run = new Run(backend, Machine.QUIET).forMillis(3_000);
    backend.resize(2);
    run.forMillis(3_000);
    assertThat(run.meanLimitSince(4_000)).isBetween(1.9, 2.2);
    assertThat(run.shareOfTimeAbove(2, 4_000)).isLessThan(0.05);
    backend.resize(8);
    run.forMillis(6_000);
    // found again once the knee at 3 is tried: up to 128 rounds at 2, a few seconds
    assertThat(run.meanLimitSince(9_000)).isBetween(7.7, 8.1);
    assertThat(run.shareOfTimeAbove(8, 9_000)).isLessThan(0.05);
  }

  /** With nothing sampled below the limit, the drop shows as latency far above the fastest seen. */
  @Test
  void followsACapacityDropWhenBatchesNeverLeaveTheBackend() {
    Backend backend = Backend.slots(8);
    Run run = new Run(backend, Machine.QUIET).outside(0.01).forMillis(3_000);
    backend.resize(2);
    run.forMillis(3_000);

    assertThat(run.meanLimitSince(4_000)).isBetween(1.8, 2.2);
  }

  @Test
  void doesNotGrowWhenNoBatchWaitsForASlot() {
    Run run = new Run(Backend.slots(Integer.MAX_VALUE), Machine.QUIET);
    run.demand = 1;
    run.forMillis(1_000);

    assertThat(run.limit.current()).isEqualTo(1);
  }

  @Test
  void aFixedLimitNeverMoves() {
    Run run = new Run(new FixedBatchLimit(4), Backend.slots(1), Machine.QUIET).forMillis(1_000);

    assertThat(run.limit.current()).isEqualTo(4);
    assertThat(run.highestLimitSince(0)).isEqualTo(4);
  }

  @Test
  void aFailedCallLeavesTheBackendWithoutASample() {
    BatchLimit limit = new AdaptiveBatchLimit(CEILING);

    int first = limit.backendCallStarted();
    int second = limit.backendCallStarted();
    limit.backendCallFailed(second);
    limit.backendCallEnded(first, MS);

    assertThat(first).isEqualTo(1);
    assertThat(second).isEqualTo(2);
    assertThat(EngineInternals.inBackend(limit)).isZero();
    assertThat(EngineInternals.drainSamples(limit)).hasSize(1);
  }

  /**
   * The machine the backend calls run on: how much every call is slowed, and for how long, on top
   * of each call's own jitter.
   */
  private record Machine(double jitter, int stallOneIn, double busyShare, double busiest) {
    static final Machine QUIET = new Machine(0.15, 50, 0, 1);
    static final Machine NOISY = new Machine(0.3, 30, 0.5, 1.5);
  }

  /** A simulated backend; {@link #call} returns when a call made at {@code now} ends. */
  private static final class Backend {
    private final boolean saturated;

    /** When each call in the backend ends, soonest first. */
    private final PriorityQueue<Long> busyUntil = new PriorityQueue<>();

    private int capacity;
    private double slowness = 1;
    long calls;
    long queued;

    private Backend(int capacity, boolean saturated) {
      this.capacity = capacity;
      this.saturated = saturated;
    }

    /** Serves at most {@code capacity} calls at once and queues the rest in order. */
    static Backend slots(int capacity) {
      return new Backend(capacity, /* saturated= */ false);
    }

    /** Serves any number of calls, each taking 1 ms for every call in it when it starts. */
    static Backend saturated() {
      return new Backend(Integer.MAX_VALUE, /* saturated= */ true);
    }

    void resize(int capacity) {
      this.capacity = capacity;
    }

    void slowDown(double factor) {
      slowness *= factor;
    }

    long call(long now, long serviceNanos) {
      calls++;
      while (!busyUntil.isEmpty() && busyUntil.peek() <= now) {
        busyUntil.poll();
      }
      long service = (long) (serviceNanos * slowness);
      if (saturated) {
        service *= busyUntil.size() + 1;
      }
      long start = now;
      if (busyUntil.size() >= capacity) {
        queued++;
        while (busyUntil.size() >= capacity) {
          start = Math.max(start, busyUntil.poll());
        }
      }
      long end = start + service;
      busyUntil.add(end);
      return end;
    }
  }

  /** The simulated callers and clock; records the limit over time. */
  private static final class Run {
    private static final int BEGIN = 0;
    private static final int END = 1;
    private static final int FREE = 2;

    final BatchLimit limit;
    private final Backend backend;
    private final Machine machine;
    private final Random random = new Random(42);

    /** Batches the callers want in flight at once. */
    int demand = Integer.MAX_VALUE;

    private double outsideMillis = OUTSIDE_MS;

    /** Events by time: {time, kind, level, when the backend call began}. */
    private final PriorityQueue<long[]> events =
        new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));

    private long now;
    private int inFlight;
    private long slowUntil;
    private double slowFactor = 1;

    /** The limit after each batch freed its slot, with the time: {time, limit}. */
    private final ArrayList<long[]> history = new ArrayList<>();

    /** Backend calls and calls that queued, when each batch freed its slot: {time, calls, queued}. */
    private final ArrayList<long[]> backendCounts = new ArrayList<>();

    Run(Backend backend, Machine machine) {
      this(new AdaptiveBatchLimit(CEILING), backend, machine);
    }

    Run(BatchLimit limit, Backend backend, Machine machine) {
      this.limit = limit;
      this.backend = backend;
      this.machine = machine;
    }

    /** Sets the mean time a batch holds its slot on either side of its backend call. */
    Run outside(double millis) {
      this.outsideMillis = millis;
      return this;
    }

    Run forMillis(long millis) {
      long until = now + millis * MS;
      startBatches();
      while (now < until) {
        long[] event = events.poll();
        now = event[0];
        switch ((int) event[1]) {
          case BEGIN -> {
            int level = limit.backendCallStarted();
            events.add(new long[] {backend.call(now, serviceNanos()), END, level, now});
          }
          case END -> {
            limit.backendCallEnded((int) event[2], now - event[3]);
            events.add(new long[] {now + outside(), FREE, 0, 0});
          }
          default -> {
            inFlight--;
            startBatches();
            history.add(new long[] {now, limit.current()});
            backendCounts.add(new long[] {now, backend.calls, backend.queued});
          }
        }
      }
      return this;
    }

    private void startBatches() {
      while (inFlight < Math.min(limit.current(), demand)) {
        inFlight++;
        events.add(new long[] {now + outside(), BEGIN, 0, 0});
      }
      if (demand > inFlight) {
        limit.slotRefused();
      }
    }

    private long outside() {
      return (long) (-Math.log(1 - random.nextDouble()) * outsideMillis * MS);
    }

    private long serviceNanos() {
      if (now >= slowUntil) {
        slowUntil = now + (long) ((20 + random.nextDouble() * 180) * MS);
        slowFactor =
            random.nextDouble() < machine.busyShare()
                ? 1 + random.nextDouble() * (machine.busiest() - 1)
                : 1;
      }
      double sigma = machine.jitter();
      double jitter = Math.exp(sigma * random.nextGaussian() - sigma * sigma / 2);
      long stall = random.nextInt(machine.stallOneIn()) == 0 ? 5 * MS : 0;
      return (long) (MS * slowFactor * jitter) + stall;
    }

    /** The limit's mean over time since {@code millis}. */
    double meanLimitSince(long millis) {
      return averageSince(millis, limit -> limit);
    }

    /** The share of the time since {@code millis} that the limit spent above {@code above}. */
    double shareOfTimeAbove(int above, long millis) {
      return averageSince(millis, limit -> limit > above ? 1 : 0);
    }

    /** Backend calls that found the backend full, per 1000 backend calls, since {@code millis}. */
    double queuedPerThousandSince(long millis) {
      long[] first =
          backendCounts.stream().filter(p -> p[0] >= millis * MS).findFirst().orElseThrow();
      long[] last = backendCounts.get(backendCounts.size() - 1);
      return 1000.0 * (last[2] - first[2]) / (last[1] - first[1]);
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
      return history.stream()
          .filter(p -> p[0] >= millis * MS)
          .mapToLong(p -> p[1])
          .max()
          .orElseThrow();
    }
  }
}
