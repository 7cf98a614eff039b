package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The fleet tier through failovers of its Redis under load: {@value #INSTANCES} instances of the
 * sample application with the servlet filter on the fleet tier, on a Sentinel set of the
 * harness's own ({@link SentinelSet}), then on a cluster of its own ({@link ClusterSet}), as
 * Spring Boot configures them ({@code spring.data.redis.sentinel.*},
 * {@code spring.data.redis.cluster.nodes}). On each, {@link FailoverRun}'s users run through two
 * phases: the first fails the master over ({@code SENTINEL FAILOVER}, or {@code CLUSTER
 * FAILOVER} on the replica of the master that holds the tier's keys), the second kills the master
 * that holds them then. The case writes a section of its own ({@link FleetFailoverReport}).
 */
final class FleetFailoverCase {

  /** The instances of the sample application on each deployment. */
  static final int INSTANCES = 3;

  /** The keys of the tier's calls on the cluster: lease and results, the probe's left out. */
  private static final String CALL_KEYS = ScaleOutCase.KEY_PREFIX + ":{*}:*";

  /** Spring Boot's actuator's jars, as the build lists them: on the instances' class path only. */
  static final Path ACTUATOR_CLASS_PATH =
      Path.of("collapse-executor-benchmarks/target/actuator-classpath.txt");

  /**
   * What the case measured.
   *
   * @param phases each deployment's phases, in the order they ran
   * @param conditions what the run conditions should say about the case
   */
  record Result(List<FailoverPhase> phases, List<String> conditions) {}

  private final Settings settings;
  private final Duration before;
  private final Duration after;

  FleetFailoverCase(Settings settings) {
    this.settings = settings;
    // after the fault: the 30 s it may take the instances to coordinate again, and some more
    this.before = settings.quick() ? Duration.ofSeconds(5) : Duration.ofSeconds(20);
    this.after = settings.quick() ? Duration.ofSeconds(15) : Duration.ofSeconds(40);
  }

  /** Returns the load before the fault in each phase. */
  Duration before() {
    return before;
  }

  /** Returns the load after the fault in each phase. */
  Duration after() {
    return after;
  }

  Result run() throws IOException, InterruptedException {
    List<String> conditions = new ArrayList<>();
    List<FailoverPhase> phases = new ArrayList<>();
    Optional<Path> program = RedisServer.find();
    if (program.isEmpty() || !Files.isReadable(ACTUATOR_CLASS_PATH)) {
      conditions.add(
          "Skipped: "
              + (program.isEmpty()
                  ? RedisServer.INSTALL_HINT
                  : ACTUATOR_CLASS_PATH + " is missing: build with load.sh, which writes it"));
      return new Result(phases, conditions);
    }
    conditions.add("Redis: " + Executables.firstLine(program.get(), "--version"));
    runSentinel(program.get(), phases);
    conditions.add(
        String.format(
            Locale.ROOT,
            "Load average (1 min) after the Sentinel set: %.2f",
            Machine.loadAverage()));
    Optional<Path> cli = ClusterSet.findCli();
    if (cli.isEmpty()) {
      conditions.add("Cluster skipped: " + ClusterSet.INSTALL_HINT);
    } else {
      runCluster(program.get(), cli.get(), phases);
      conditions.add(
          String.format(
              Locale.ROOT, "Load average (1 min) after the cluster: %.2f", Machine.loadAverage()));
    }
    return new Result(phases, conditions);
  }

  private void runSentinel(Path program, List<FailoverPhase> phases)
      throws IOException, InterruptedException {
    Progress.line("fleet-failover  starting a Sentinel set and %d instances", INSTANCES);
    try (SentinelSet set =
            SentinelSet.start(program, settings.work().resolve("failover-sentinel"));
        Fleet fleet =
            startInstances(
                "failover-sentinel",
                List.of(
                    "--spring.data.redis.sentinel.master=" + SentinelSet.MASTER,
                    "--spring.data.redis.sentinel.nodes=" + set.sentinelNodes()));
        FailoverRun run = new FailoverRun(fleet.first(INSTANCES))) {
      warmUp(run, settings.warmUp().multipliedBy(2));
      int master = set.masterPort();
      phases.add(measure(run, "Sentinel", "SENTINEL FAILOVER", set::failOver));
      set.awaitNewMaster(master);
      warmUp(run, settings.warmUp());
      phases.add(measure(run, "Sentinel", "master killed", set::killMaster));
    }
  }

  private void runCluster(Path program, Path cli, List<FailoverPhase> phases)
      throws IOException, InterruptedException {
    Progress.line("fleet-failover  starting a cluster and %d instances", INSTANCES);
    try (ClusterSet cluster =
            ClusterSet.start(program, cli, settings.work().resolve("failover-cluster"));
        Fleet fleet =
            startInstances(
                "failover-cluster",
                List.of(
                    "--spring.data.redis.cluster.nodes=" + cluster.nodeAddresses(),
                    // as docs/scale-out.md asks of an application's cluster client
                    "--spring.data.redis.lettuce.cluster.refresh.adaptive=true",
                    "--spring.data.redis.lettuce.cluster.refresh.period=30s"));
        FailoverRun run = new FailoverRun(fleet.first(INSTANCES))) {
      warmUp(run, settings.warmUp().multipliedBy(2));
      int replica = cluster.replicaOf(masterOfCalls(cluster));
      phases.add(measure(run, "Cluster", "CLUSTER FAILOVER", () -> cluster.failOver(replica)));
      cluster.awaitMaster(replica);
      warmUp(run, settings.warmUp());
      int master = masterOfCalls(cluster);
      phases.add(measure(run, "Cluster", "master killed", () -> cluster.kill(master)));
    }
  }

  /** Runs the users unmeasured, then waits for every instance to coordinate. */
  private static void warmUp(FailoverRun run, Duration duration) throws InterruptedException {
    run.warmUp(duration);
    if (!run.awaitCoordinating()) {
      Progress.line("fleet-failover  not every instance coordinates before the phase");
    }
  }

  private FailoverPhase measure(
      FailoverRun run, String topology, String fault, FailoverRun.Fault make)
      throws IOException, InterruptedException {
    Path readings =
        settings
            .work()
            .resolve(
                ("failover-" + topology + "-" + fault + ".csv")
                    .toLowerCase(Locale.ROOT)
                    .replace(' ', '-'));
    FailoverPhase phase = run.run(topology, fault, before, after, make, readings);
    Progress.line(
        "fleet-failover  %s, %s: %d requests, %d failed; coordinating again after %s"
            + " s; no request completed for %.1f s at most; backend calls per 1000 requests"
            + " before %.1f, after %s",
        topology,
        fault,
        phase.requests(),
        phase.errors(),
        FleetFailoverReport.seconds(phase.backSeconds()),
        phase.longestStallSeconds(),
        phase.before().callsPerThousand(),
        phase.after() == null
            ? "-"
            : String.format(Locale.ROOT, "%.1f", phase.after().callsPerThousand()));
    return phase;
  }

  /** Returns the master that holds the keys of the tier's calls, which the warm-up left. */
  private static int masterOfCalls(ClusterSet cluster) {
    return cluster
        .masterHolding(CALL_KEYS)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no master of the cluster holds a key of the tier's calls ("
                        + CALL_KEYS
                        + "): do the"
                        + " instances coordinate? See their logs"));
  }

  /**
   * Starts the instances with the fleet tier on {@code redis} ({@code spring.data.redis.*}
   * arguments), the actuator and its {@code collapse} endpoint, and the tier's log at INFO.
   */
  private Fleet startInstances(String name, List<String> redis)
      throws IOException, InterruptedException {
    List<String> arguments = new ArrayList<>(ScaleOutCase.fleetTierArguments(redis));
    arguments.add("--management.endpoints.web.exposure.include=collapse");
    arguments.add("--logging.level.io.github.collapseexecutor=info");
    String classPath = Files.readString(ACTUATOR_CLASS_PATH).strip();
    try {
      return Fleet.startOnOnePort(INSTANCES, settings.logs(), name, arguments, classPath);
    } catch (IllegalStateException e) {
      // a port found free may be taken before the instances bind it, by any connection's end
      Progress.line(
          "fleet-failover  the instances did not start (%s); once more, on another" + " port",
          e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
      return Fleet.startOnOnePort(INSTANCES, settings.logs(), name, arguments, classPath);
    }
  }
}
