package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The server-side case: wrk's closed-loop users against the sample application's
 * {@code /test/collapse100}, which the library's servlet filter collapses, and
 * {@code /test/noop100}, which it does not. Both handlers sleep 100 ms; Tomcat has at most 200
 * threads. Without collapse, 400 users need 400 threads for the 100 ms, so half of them queue;
 * with collapse, the requests that arrive while one runs wait for it without holding a thread.
 */
final class ServletCase {

  /** The users of the reference figures. */
  static final int USERS = 400;

  /** How long each endpoint's handler takes. */
  static final double ENDPOINT_MILLIS = 100;

  private static final String COLLAPSED = "collapse100";
  private static final String NOT_COLLAPSED = "noop100";
  private static final String COLLAPSED_FAST = "collapse0";
  private static final String NOT_COLLAPSED_FAST = "noop0";

  /** Lets requests cut off by the end of a run finish before the next run or count. */
  private static final Duration SETTLE = Duration.ofSeconds(1);

  /**
   * What the case measured.
   *
   * @param main {@value #USERS} users, each round for the measured time
   * @param sweep the same at each concurrency of the sweep, for the charts
   * @param jit how long the warm-up ran and how much the server's JIT compiled, for the run
   *     conditions
   */
  record Result(Rounds main, List<Comparison> sweep, String jit) {}

  private final Settings settings;
  private final Path wrk;

  ServletCase(Settings settings, Path wrk) {
    this.settings = settings;
    this.wrk = wrk;
  }

  /** Returns the users divided by the endpoint's latency: what no server can exceed. */
  static double closedLoopLimit(int users) {
    return users * 1000.0 / ENDPOINT_MILLIS;
  }

  Result run() throws IOException, InterruptedException {
    try (SampleApp app = SampleApp.start(settings.logs())) {
      // unmeasured, so that neither side pays for the JIT's warm-up alone. The endpoints without
      // delay run the same handler and filter code many times faster than the 100 ms ones, which
      // start only ten collapsed calls a second: warmed on those alone, the collapsing request's
      // path would still run partly interpreted in the measured rounds.
      measure(app, NOT_COLLAPSED_FAST, USERS, settings.warmUp());
      measure(app, COLLAPSED_FAST, USERS, settings.warmUp());
      String warmUp = warmUpUntilCompiled(app);
      OptionalDouble beforeRounds = CompileTime.seconds(app.pid());
      List<Comparison> rounds = new ArrayList<>();
      for (int round = 1; round <= settings.rounds(); round++) {
        rounds.add(compare(app, "round " + round, USERS, settings.servletMeasure()));
      }
      OptionalDouble afterRounds = CompileTime.seconds(app.pid());
      String jit =
          beforeRounds.isPresent() && afterRounds.isPresent()
              ? String.format(
                  Locale.ROOT,
                  "%s; %.2f s compiling during the measured rounds",
                  warmUp,
                  afterRounds.getAsDouble() - beforeRounds.getAsDouble())
              : warmUp;
      List<Comparison> sweep = new ArrayList<>();
      for (int users : settings.sweepUsers()) {
        sweep.add(compare(app, "sweep", users, settings.sweepPoint()));
      }
      return new Result(new Rounds(rounds), sweep, jit);
    }
  }

  /**
   * Warms both 100 ms endpoints in rounds until the server's JIT has settled, so that no measured
   * round shares the CPU with the compilers. Returns what it did, for the run conditions.
   */
  private String warmUpUntilCompiled(SampleApp app) throws IOException, InterruptedException {
    double roundSeconds = 2 * settings.warmUp().toMillis() / 1000.0;
    JitWarmUp.Outcome warmUp =
        JitWarmUp.untilSettled(
            "servlet",
            app.pid(),
            settings.quick() ? 1 : JitWarmUp.MAX_ROUNDS,
            roundSeconds,
            () -> {
              measure(app, NOT_COLLAPSED, USERS, settings.warmUp());
              measure(app, COLLAPSED, USERS, settings.warmUp());
            });
    if (!warmUp.measured()) {
      return String.format(
          Locale.ROOT,
          "Servlet warm-up: %d round(s) of both 100 ms endpoints;"
              + " the server's compile time could not be read (jstat)",
          warmUp.rounds());
    }
    return String.format(
        Locale.ROOT,
        "Servlet warm-up: after the endpoints without delay, %d"
            + " round(s) of %.0f s on both 100 ms endpoints, until a round compiled for under %.0f%%"
            + " of its time (the last: %.2f s)",
        warmUp.rounds(),
        roundSeconds,
        100 * JitWarmUp.SETTLED_COMPILE_SHARE,
        warmUp.lastCompiledSeconds());
  }

  private Comparison compare(SampleApp app, String run, int users, Duration duration)
      throws IOException, InterruptedException {
    Measurement without = measure(app, NOT_COLLAPSED, users, duration);
    Measurement with = measure(app, COLLAPSED, users, duration);
    Progress.line("servlet    %-8s %3d users: %s", run, users, Progress.describe(with, without));
    return new Comparison(with, without);
  }

  private Measurement measure(SampleApp app, String endpoint, int users, Duration duration)
      throws IOException, InterruptedException {
    long before = app.executions(endpoint);
    Measurement measured = Wrk.run(wrk, app.url("/test/" + endpoint), users, duration);
    Thread.sleep(SETTLE.toMillis());
    return measured.withBackendCalls(app.executions(endpoint) - before);
  }
}
