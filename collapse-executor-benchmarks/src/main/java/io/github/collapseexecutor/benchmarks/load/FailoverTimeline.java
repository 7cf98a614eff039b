package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.load.FailoverPhase.Window;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * The readings the failover case takes every {@link #POLL} while a phase runs, and what it makes
 * of them: a {@link FailoverPhase}.
 *
 * <p>A poll interval is coordinated if, at its end, every instance answered and its tier said
 * {@code coordinating}, and during it the instances' tiers together joined calls to another
 * instance's and counted no fallback (no call went on as local collapse, none waited for another
 * instance in vain). The instances coordinate again from the end of the last interval after the
 * fault that was not coordinated, provided at least {@link #STEADY} of coordinated intervals
 * follow it before the phase ends; a single late answer of Redis after that moves it on.
 */
final class FailoverTimeline {

  /** How often the case reads the instances. */
  static final Duration POLL = Duration.ofMillis(250);

  /** How long the instances must coordinate before the end of a phase to count as back. */
  static final Duration STEADY = Duration.ofSeconds(5);

  private static final int MAX_PROBLEM_CHARS = 300;

  /**
   * One reading: what the load and the instances counted so far.
   *
   * @param nanos when it was taken, by {@link System#nanoTime()}
   * @param requests the requests completed so far
   * @param errors the requests failed so far
   * @param backendCalls the handler's runs so far, summed over the instances
   * @param instances each instance's tier
   * @param latencies the latencies, in microseconds, of the requests completed since the last
   *     reading
   */
  record Tick(
      long nanos,
      long requests,
      long errors,
      long backendCalls,
      List<FleetReading> instances,
      Histogram latencies) {}

  private final List<Tick> ticks = new ArrayList<>();
  private int faultIndex = -1;
  private long faultNanos;

  /** Adds the next reading. */
  void add(Tick tick) {
    ticks.add(tick);
  }

  /** Notes the fault, made at {@code nanos}, after the last reading. */
  void fault(long nanos) {
    if (ticks.isEmpty()) {
      throw new IllegalStateException("a fault before the first reading");
    }
    faultIndex = ticks.size() - 1;
    faultNanos = nanos;
  }

  /** Returns what the phase measured, with the first failed request's description. */
  FailoverPhase phase(String topology, String fault, String firstError) {
    int last = ticks.size() - 1;
    if (faultIndex < 1 || faultIndex >= last) {
      throw new IllegalStateException(
          "no readings on both sides of the fault: "
              + ticks.size()
              + " readings, the fault after reading "
              + faultIndex);
    }
    int firstOff = -1;
    int lastOff = -1;
    int lastStateOff = -1;
    for (int j = faultIndex + 1; j <= last; j++) {
      if (!coordinated(j)) {
        firstOff = firstOff < 0 ? j : firstOff;
        lastOff = j;
      }
      if (!ticks.get(j).instances().stream().allMatch(FleetReading::coordinating)) {
        lastStateOff = j;
      }
    }
    int backIndex =
        lastOff < 0
            ? faultIndex
            : ticks.get(last).nanos() - ticks.get(lastOff).nanos() >= STEADY.toNanos()
                ? lastOff
                : -1;
    int uncoordinatedBefore = 0;
    for (int j = 1; j <= faultIndex; j++) {
      uncoordinatedBefore += coordinated(j) ? 0 : 1;
    }
    Window during =
        backIndex == faultIndex ? null : window(faultIndex, backIndex < 0 ? last : backIndex);
    Window after = backIndex < 0 ? null : window(backIndex, last);
    double left = firstOff < 0 ? Double.NaN : sinceFault(firstOff);
    double back = backIndex < 0 ? Double.NaN : backIndex == faultIndex ? 0 : sinceFault(backIndex);
    double stateBack =
        lastStateOff < 0 ? 0 : lastStateOff == last ? Double.NaN : sinceFault(lastStateOff + 1);
    return new FailoverPhase(
        topology,
        fault,
        window(0, faultIndex),
        during,
        after,
        left,
        back,
        longestStallSeconds(),
        stateBack,
        uncoordinatedBefore,
        faultIndex,
        problemsAfterFault(),
        firstError);
  }

  /**
   * Returns every reading as a line of CSV, for a look at a phase beyond its summary: seconds
   * since the first reading (the fault's line says {@code fault}), the load's counts, whether the
   * interval was coordinated, and each instance's state, joined calls and fallbacks.
   */
  String csv() {
    StringBuilder csv = new StringBuilder("seconds,requests,errors,backend_calls,coordinated");
    for (int i = 1; i <= ticks.get(0).instances().size(); i++) {
      csv.append(",state_").append(i).append(",joined_").append(i).append(",fallbacks_").append(i);
    }
    csv.append('\n');
    for (int j = 0; j < ticks.size(); j++) {
      Tick tick = ticks.get(j);
      csv.append(
          String.format(
              Locale.ROOT,
              "%.3f,%d,%d,%d,%s",
              (tick.nanos() - ticks.get(0).nanos()) / 1e9,
              tick.requests(),
              tick.errors(),
              tick.backendCalls(),
              j == 0 ? "" : Boolean.toString(coordinated(j))));
      tick.instances()
          .forEach(
              reading ->
                  csv.append(',')
                      .append(reading.state())
                      .append(',')
                      .append(reading.joined())
                      .append(',')
                      .append(reading.fallbacks()));
      csv.append('\n');
      if (j == faultIndex) {
        csv.append(
            String.format(Locale.ROOT, "%.3f,fault%n", (faultNanos - ticks.get(0).nanos()) / 1e9));
      }
    }
    return csv.toString();
  }

  /** Returns whether the poll interval that ends with reading {@code j} was coordinated. */
  boolean coordinated(int j) {
    Tick from = ticks.get(j - 1);
    Tick to = ticks.get(j);
    return from.instances().stream().allMatch(FleetReading::reached)
        && to.instances().stream().allMatch(FleetReading::coordinating)
        && sum(to, FleetReading::fallbacks) == sum(from, FleetReading::fallbacks)
        && sum(to, FleetReading::joined) > sum(from, FleetReading::joined);
  }

  /** Returns the longest run of poll intervals in which no request completed, in seconds. */
  private double longestStallSeconds() {
    long longest = 0;
    int from = 0;
    for (int j = 1; j < ticks.size(); j++) {
      if (ticks.get(j).requests() > ticks.get(j - 1).requests()) {
        from = j;
      } else {
        longest = Math.max(longest, ticks.get(j).nanos() - ticks.get(from).nanos());
      }
    }
    return longest / 1e9;
  }

  private double sinceFault(int j) {
    return Math.max(0, ticks.get(j).nanos() - faultNanos) / 1e9;
  }

  /** Returns the load between readings {@code from} and {@code to}. */
  private Window window(int from, int to) {
    Tick first = ticks.get(from);
    Tick end = ticks.get(to);
    Histogram latencies = new Histogram(3);
    long fallbacks = 0;
    for (int j = from + 1; j <= to; j++) {
      latencies.add(ticks.get(j).latencies());
      fallbacks += fallbacksDuring(j);
    }
    return new Window(
        (end.nanos() - first.nanos()) / 1e9,
        end.requests() - first.requests(),
        end.errors() - first.errors(),
        end.backendCalls() - first.backendCalls(),
        fallbacks,
        latencies.getTotalCount() == 0 ? Double.NaN : latencies.getValueAtPercentile(99) / 1000.0,
        latencies.getTotalCount() == 0 ? Double.NaN : latencies.getMaxValue() / 1000.0);
  }

  /** The fallbacks counted during the interval ending with reading {@code j}, by those reached. */
  private long fallbacksDuring(int j) {
    List<FleetReading> from = ticks.get(j - 1).instances();
    List<FleetReading> to = ticks.get(j).instances();
    long fallbacks = 0;
    for (int i = 0; i < to.size(); i++) {
      if (from.get(i).reached() && to.get(i).reached()) {
        fallbacks += to.get(i).fallbacks() - from.get(i).fallbacks();
      }
    }
    return fallbacks;
  }

  private static long sum(Tick tick, ToLongFunction<FleetReading> count) {
    return tick.instances().stream().mapToLong(count).sum();
  }

  /** The problems the tiers named after the fault that none named at it, each once. */
  private List<String> problemsAfterFault() {
    Set<String> earlier = new LinkedHashSet<>();
    ticks.get(faultIndex).instances().forEach(reading -> earlier.add(reading.lastProblem()));
    Set<String> problems = new LinkedHashSet<>();
    for (Tick tick : ticks.subList(faultIndex + 1, ticks.size())) {
      for (FleetReading reading : tick.instances()) {
        if (reading.reached()
            && !reading.lastProblem().isEmpty()
            && !earlier.contains(reading.lastProblem())) {
          problems.add(reading.lastProblem());
        }
      }
    }
    return problems.stream()
        .map(
            problem ->
                problem.length() <= MAX_PROBLEM_CHARS
                    ? problem
                    : problem.substring(0, MAX_PROBLEM_CHARS) + "...")
        .toList();
  }
}
