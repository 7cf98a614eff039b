package io.github.collapseexecutor.benchmarks.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How long and what the harness runs, from its command line.
 *
 * @param quick whether this is a smoke run: short runs, results outside {@code docs/}
 * @param cases the cases to run
 * @param out where the tables and charts go
 * @param warmUp unmeasured load on each side before its measured runs
 * @param measure each measured run of each side of a case
 * @param servletMeasure each measured run of each side of the servlet case, whose users answer
 *     in cycles of about 100 ms: a run counts only whole cycles, so a 10 s run can judge its
 *     throughput to about 1% only
 * @param rounds how many times each case's two sides are measured, one after the other
 * @param sweepPoint each point of the concurrency sweeps
 * @param sweepUsers the concurrencies of the sweeps
 */
record Settings(
    boolean quick,
    Set<Case> cases,
    Path out,
    Duration warmUp,
    Duration measure,
    Duration servletMeasure,
    int rounds,
    Duration sweepPoint,
    List<Integer> sweepUsers) {

  /**
   * The cases, each selectable with
   * {@code --cases=servlet,clients,db,secured-backend,scale-out,fleet-failover,grpc,grpc-server,mixed}.
   */
  enum Case {
    SERVLET,
    CLIENTS,
    WEBFLUX,
    DB,
    SECURED_BACKEND(true),
    SCALE_OUT(true),
    FLEET_FAILOVER(true),
    GRPC(true),
    GATEWAY(true),
    GRPC_SERVER(true),
    PAGE_SERVICE(true),
    MIXED(true);

    private final boolean ownSection;

    Case() {
      this(false);
    }

    Case(boolean ownSection) {
      this.ownSection = ownSection;
    }

    /**
     * Whether the case writes a section of its own, and leaves the main results alone when it
     * runs without the others.
     */
    boolean ownSection() {
      return ownSection;
    }
  }

  static final String USAGE =
      "usage: load.sh [--quick]"
          + " [--cases=servlet,clients,webflux,db,secured-backend,scale-out,fleet-failover,grpc,grpc-server,gateway,page-service,mixed]"
          + " [--out=DIR]";

  private static final List<Integer> SWEEP_USERS = List.of(1, 10, 50, 100, 200, 400);

  static Settings parse(String[] args) {
    boolean quick = false;
    Set<Case> cases = EnumSet.allOf(Case.class);
    Path out = null;
    for (String arg : args) {
      if (arg.equals("--quick")) {
        quick = true;
      } else if (arg.startsWith("--cases=")) {
        cases = EnumSet.noneOf(Case.class);
        for (String name : arg.substring("--cases=".length()).split(",")) {
          cases.add(caseNamed(name));
        }
      } else if (arg.startsWith("--out=")) {
        out = Path.of(arg.substring("--out=".length()));
      } else {
        throw new IllegalArgumentException("unknown argument: " + arg + "\n" + USAGE);
      }
    }
    if (quick) {
      // a smoke run must not overwrite the published results
      return new Settings(
          true,
          cases,
          out != null ? out : Path.of("collapse-executor-benchmarks/target/load-quick"),
          Duration.ofSeconds(1),
          Duration.ofSeconds(3),
          Duration.ofSeconds(3),
          1,
          Duration.ofSeconds(1),
          SWEEP_USERS);
    }
    return new Settings(
        false,
        cases,
        out != null ? out : Path.of("docs/benchmarks"),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        Duration.ofSeconds(20),
        3,
        Duration.ofSeconds(5),
        SWEEP_USERS);
  }

  private static Case caseNamed(String name) {
    try {
      return Case.valueOf(name.trim().replace('-', '_').toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown case: " + name + "\n" + USAGE, e);
    }
  }

  /** Returns where the servers' logs go: beside the build output, never into {@code docs/}. */
  Path logs() {
    return Path.of("collapse-executor-benchmarks/target/load-logs");
  }

  /** Returns where the files written for a run go, such as the proxy's configurations. */
  Path work() {
    return Path.of("collapse-executor-benchmarks/target/load-work");
  }
}
