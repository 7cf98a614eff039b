package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Reads and writes through the servlet filter: {@value #USERS} closed-loop users in the harness's
 * process, each request a read or, one in {@value #WRITE_SHARE}, a write of one of
 * {@value #KEYS} hot keys ({@link MixedLoad}), against the samples' {@code /mixed/collapse/*},
 * which the filter collapses, and {@code /mixed/noop/*}, which it does not. A read answers the
 * version its handler read before it took {@value #READ_MILLIS} ms; a write takes
 * {@value #WRITE_MILLIS} ms and increments the version. Tomcat has at most 200 threads, so
 * without collapse the reads queue for them.
 *
 * <p>Once a write through the filter completed, no read that arrives joins a call that started
 * before it: the case counts the reads that went back in time, which must be none on either side,
 * and fails once it wrote its section if there was one. The case writes a section of its own,
 * between {@link MixedReport#BEGIN} and {@link MixedReport#END}.
 */
final class MixedCase {

  /** More users than Tomcat's 200 threads, as in the servlet case. */
  static final int USERS = 400;

  /** The hot keys; every request draws one at random. */
  static final int KEYS = 5;

  /** One request in this many is a write, for the report. */
  static final int WRITE_SHARE = 100 / MixedLoad.WRITES_PER_HUNDRED;

  /**
   * What a read's handler takes after reading the version: the servlet case's 100 ms. A read goes
   * back in time only while a call that started before a write is still running when a later
   * read arrives; on a busy machine the time a write's response and the next read take between
   * the server and its users is longer than a 20 ms call, so a faulty filter could pass unseen
   * (with the write rule taken out, a 3 s run at 20 ms judged no read stale, at 100 ms dozens).
   */
  static final int READ_MILLIS = 100;

  /** What a write's handler takes before incrementing the version. */
  static final int WRITE_MILLIS = 2;

  /** Lets requests cut off by the end of a run finish before the counter is read. */
  private static final Duration SETTLE = Duration.ofSeconds(1);

  /**
   * One side of one run.
   *
   * @param load what the closed loop measured: every request, reads and writes; its backend
   *     calls are the runs of the side's read handler
   * @param counts reads, writes and stale reads
   */
  record Side(Measurement load, MixedLoad.Counts counts) {

    /** Returns the read handler's runs per 1000 reads. */
    double readRunsPerThousand() {
      return counts.reads() == 0 ? 0 : 1000.0 * load.backendCalls() / counts.reads();
    }
  }

  /** Both sides of one round, without then with collapse. */
  record Round(Side with, Side without) {

    /** Returns the throughput with collapse over the throughput without. */
    double ratio() {
      return with.load().tps() / without.load().tps();
    }
  }

  /**
   * What the case measured.
   *
   * @param rounds the measured rounds, in the order they ran
   * @param with every run with collapse, the warm-up's included, added up: its reads and stale
   *     reads count for the judgement
   * @param without the same without collapse
   * @param warmUp how long the warm-up ran and what the server's JIT compiled in its last round,
   *     for the run conditions
   */
  record Result(
      List<Round> rounds, MixedLoad.Counts with, MixedLoad.Counts without, String warmUp) {

    /** Returns the round with the median ratio (the upper one of an even number). */
    Round median() {
      List<Round> byRatio =
          rounds.stream().sorted(Comparator.comparingDouble(Round::ratio)).toList();
      return byRatio.get(byRatio.size() / 2);
    }
  }

  private final Settings settings;
  private final List<Side> allWith = new ArrayList<>();
  private final List<Side> allWithout = new ArrayList<>();

  MixedCase(Settings settings) {
    this.settings = settings;
  }

  /**
   * Runs the case and writes its section.
   *
   * @throws IllegalStateException once the section is written, if a read on either side was stale
   */
  void run() throws IOException, InterruptedException {
    MixedReport report = new MixedReport(settings);
    Instant start = Instant.now();
    report.condition(
        "Date: %s; %s run: %d s per measured side, %d s warm-up per side, %d" + " round(s)",
        start.truncatedTo(ChronoUnit.SECONDS),
        settings.quick() ? "quick (smoke)" : "full",
        settings.measure().toSeconds(),
        settings.warmUp().toSeconds(),
        settings.rounds());
    report.condition("Machine: %s", Machine.describe());
    report.describeLoad();
    report.condition("Load average (1 min) before the case: %.2f", Machine.loadAverage());
    Result result = measure();
    report.condition("%s", result.warmUp());
    report.condition(
        "Over every run, the warm-up's included: %d reads and %d writes with"
            + " collapse, %d reads and %d writes without",
        result.with().reads(),
        result.with().writes(),
        result.without().reads(),
        result.without().writes());
    report.condition("Load average (1 min) after the case: %.2f", Machine.loadAverage());
    report.write(result, Duration.between(start, Instant.now()));
    failOnStaleReads(result);
  }

  private Result measure() throws IOException, InterruptedException {
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    try (SampleApp app =
        SampleApp.start(
            "sample-app-mixed",
            SampleApp.JVM_OPTIONS,
            settings.logs(),
            InetSocketAddress.createUnresolved("127.0.0.1", Loopback.freePort()),
            List.of(
                "--sample.mixed.read-latency=" + READ_MILLIS + "ms",
                "--sample.mixed.write-latency=" + WRITE_MILLIS + "ms"))) {
      String warmUp = warmUp(app, http);
      List<Round> rounds = new ArrayList<>();
      for (int round = 1; round <= settings.rounds(); round++) {
        rounds.add(compare(app, http, "round " + round, settings.measure()));
      }
      return new Result(rounds, total(allWith), total(allWithout), warmUp);
    }
  }

  /**
   * Runs both sides unmeasured until the server's JIT has settled, so that neither side pays for
   * the warm-up alone and no measured round shares the CPU with the compilers; its reads are
   * judged all the same. Returns what it did, for the run conditions.
   */
  private String warmUp(SampleApp app, HttpClient http) throws IOException, InterruptedException {
    double roundSeconds = 2 * settings.warmUp().toMillis() / 1000.0;
    JitWarmUp.Outcome warmUp =
        JitWarmUp.untilSettled(
            "mixed",
            app.pid(),
            settings.quick() ? 1 : JitWarmUp.MAX_ROUNDS,
            roundSeconds,
            () -> compare(app, http, "warm-up", settings.warmUp()));
    return warmUp.measured()
        ? String.format(
            Locale.ROOT,
            "Warm-up: %d round(s) of %.0f s on both sides, until a round"
                + " compiled for under %.0f%% of its time (the last: %.2f s)",
            warmUp.rounds(),
            roundSeconds,
            100 * JitWarmUp.SETTLED_COMPILE_SHARE,
            warmUp.lastCompiledSeconds())
        : String.format(
            Locale.ROOT,
            "Warm-up: %d round(s) of %.0f s on both sides; the server's"
                + " compile time could not be read (jstat)",
            warmUp.rounds(),
            roundSeconds);
  }

  private Round compare(SampleApp app, HttpClient http, String run, Duration duration)
      throws IOException, InterruptedException {
    Side without = side(app, http, "noop", duration);
    allWithout.add(without);
    Side with = side(app, http, "collapse", duration);
    allWith.add(with);
    Progress.line(
        "%-10s %-8s %3d users: %s; stale reads with %d, without %d",
        "mixed",
        run,
        USERS,
        Progress.describe(with.load(), without.load()),
        with.counts().staleReads(),
        without.counts().staleReads());
    return new Round(with, without);
  }

  private static Side side(SampleApp app, HttpClient http, String side, Duration duration)
      throws IOException, InterruptedException {
    URI counter = app.url("/mixed/counter");
    long before = SampleApp.count(counter, side);
    MixedLoad load = new MixedLoad(http, app.url("/mixed/" + side + "/"), KEYS);
    Measurement measured = load.run(USERS, duration);
    Thread.sleep(SETTLE.toMillis());
    return new Side(
        measured.withBackendCalls(SampleApp.count(counter, side) - before), load.counts());
  }

  private static MixedLoad.Counts total(List<Side> sides) {
    long reads = 0;
    long writes = 0;
    long stale = 0;
    String firstStale = "";
    for (Side side : sides) {
      reads += side.counts().reads();
      writes += side.counts().writes();
      stale += side.counts().staleReads();
      firstStale = firstStale.isEmpty() ? side.counts().firstStale() : firstStale;
    }
    return new MixedLoad.Counts(reads, writes, stale, firstStale);
  }

  private void failOnStaleReads(Result result) {
    if (result.with().staleReads() > 0) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "mixed case: %d of %d reads"
                  + " with collapse went back in time, such as %s: a read that arrived after a write"
                  + " had completed joined a call that started before it. The servlet filter must"
                  + " count the write before its client can see the response (WriteClock,"
                  + " docs/http.md, \"Reads after writes\"); the figures are in %s",
              result.with().staleReads(),
              result.with().reads(),
              result.with().firstStale(),
              settings.out().resolve("README.md")));
    }
    if (result.without().staleReads() > 0) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "mixed case: %d of %d reads"
                  + " without collapse went back in time, such as %s: the endpoint answers a version"
                  + " older than one it had written, or the judge is wrong (MixedLoad)",
              result.without().staleReads(),
              result.without().reads(),
              result.without().firstStale()));
    }
  }
}
