package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.load.FailoverPhase.Window;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Markdown of the failover case. It has a section of its own in the output directory's
 * {@code README.md}, between {@link #BEGIN} and {@link #END}, so that running this case alone
 * leaves the other cases' results as they are.
 */
final class FleetFailoverReport {

  static final String BEGIN = "<!-- fleet-failover-results:begin (written by the load harness) -->";
  static final String END = "<!-- fleet-failover-results:end -->";

  /** The longest the instances may take to coordinate again after a fault. */
  static final Duration MAX_BACK = Duration.ofSeconds(30);

  private final Settings settings;
  private final List<String> conditions = new ArrayList<>();

  FleetFailoverReport(Settings settings) {
    this.settings = settings;
  }

  /** Adds a line to the case's run conditions. */
  void condition(String format, Object... args) {
    conditions.add("- " + String.format(Locale.ROOT, format, args));
  }

  /** Adds the workload, the deployments and the command to the run conditions. */
  void describeLoad(FleetFailoverCase failoverCase) {
    condition(
        "Phases: %d s of load before each fault, %d s after it",
        failoverCase.before().toSeconds(), failoverCase.after().toSeconds());
    condition(
        "Workload: %d instances of the sample application (JVM options %s), the servlet"
            + " filter on the fleet tier (collapse.executor.servlet.fleet=true, coordination"
            + " timeout %s); %d closed-loop users in the harness's process (OkHttp), each request"
            + " to the next instance in turn, all `GET %s` with one Host header, as behind a"
            + " balancer, whose handler sleeps 100 ms",
        FleetFailoverCase.INSTANCES,
        String.join(" ", Fleet.JVM_OPTIONS),
        ScaleOutCase.COORDINATION_TIMEOUT,
        FailoverRun.USERS,
        FailoverRun.PATH);
    condition(
        "Sentinel: 1 master, 1 replica and 3 sentinels (`redis-server --sentinel`, quorum"
            + " 2, down-after-milliseconds %d), given to the instances as"
            + " spring.data.redis.sentinel.master and .nodes",
        SentinelSet.DOWN_AFTER.toMillis());
    condition(
        "Cluster: 3 masters with a replica each (`redis-cli --cluster create`,"
            + " cluster-node-timeout %d), given as spring.data.redis.cluster.nodes, with"
            + " Lettuce's adaptive topology refresh and a periodic one every 30 s"
            + " (spring.data.redis.lettuce.cluster.refresh.*); the faults hit the master that"
            + " holds the tier's keys of the request",
        ClusterSet.NODE_TIMEOUT.toMillis());
    condition(
        "Command: `collapse-executor-benchmarks/load.sh --cases=fleet-failover%s`",
        settings.quick() ? " --quick" : "");
  }

  /** Writes the case's section into the output directory; the case took {@code took}. */
  void write(FleetFailoverCase.Result result, Duration took) throws IOException {
    result.conditions().forEach(line -> condition("%s", line));
    condition("The case took %d min %02d s", took.toMinutes(), took.toSecondsPart());
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(result));
  }

  /** Returns the case's section: run conditions, each phase's windows, recovery and targets. */
  String markdown(FleetFailoverCase.Result result) {
    StringBuilder md = new StringBuilder("### Failovers under load: run conditions\n\n");
    conditions.forEach(line -> md.append(line).append('\n'));
    md.append("\n### Failovers under load\n\n")
        .append("Every ")
        .append(FailoverTimeline.POLL.toMillis())
        .append(
            " ms the harness reads"
                + " each instance's `/actuator/collapse` (the fleet tier's state and counts) and"
                + " `/test/counter`. A poll interval is coordinated if at its end every instance's"
                + " tier says `coordinating`, and during it the instances joined another's calls and"
                + " counted no fallback (`fellBack`, `leaseLost`). \"Coordinating again\" is the time"
                + " from the fault to the end of the last interval that was not coordinated, when at"
                + " least ")
        .append(FailoverTimeline.STEADY.toSeconds())
        .append(
            " s of coordinated"
                + " intervals follow before the phase ends; the windows split each phase there and"
                + " at the fault; a request counts in the window in which it completed. Coordinated,"
                + " the fleet makes one call per 100 ms cycle; each instance on its own makes one, ")
        .append(FleetFailoverCase.INSTANCES)
        .append(
            " in all. \"Longest time no request"
                + " completed\" is the longest run of poll intervals in which not one of the users'"
                + " requests completed.\n\n")
        .append(
            "| deployment | fault | window | s | requests | failed | backend calls per 1000"
                + " requests | tier fallbacks | p99 ms | max ms |\n")
        .append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (FailoverPhase phase : result.phases()) {
      md.append(windowRow(phase, "before", phase.before()))
          .append(windowRow(phase, "during", phase.during()))
          .append(windowRow(phase, "after", phase.after()));
    }
    md.append(
            "\n| deployment | fault | failed requests | first poll not coordinated"
                + " | coordinating again | every tier says `coordinating` again"
                + " | longest time no request completed"
                + " | intervals not coordinated before the fault | what the tiers reported |\n")
        .append("|---|---|---:|---:|---:|---:|---:|---:|---|\n");
    result.phases().forEach(phase -> md.append(recoveryRow(phase)));
    md.append(
        "\n### Failovers under load: targets\n\n| target | measured | met |\n" + "|---|---|---|\n");
    if (result.phases().isEmpty()) {
      md.append("| every phase | skipped (see the run conditions) | - |\n");
    }
    for (FailoverPhase phase : result.phases()) {
      String name = phase.topology() + ", " + phase.fault();
      md.append(
          ResultsPage.target(
              name + ": no failed request",
              phase.errors()
                  + " failed of "
                  + (phase.requests() + phase.errors())
                  + (phase.firstError().isEmpty()
                      ? ""
                      : ", the first: " + cell(phase.firstError())),
              phase.errors() == 0));
      md.append(
          ResultsPage.target(
              String.format(
                  Locale.ROOT,
                  "%s: the instances coordinate again" + " within %d s",
                  name,
                  MAX_BACK.toSeconds()),
              back(phase),
              !Double.isNaN(phase.backSeconds()) && phase.backSeconds() <= MAX_BACK.toSeconds()));
    }
    return md.append('\n').toString();
  }

  private static String windowRow(FailoverPhase phase, String name, Window window) {
    if (window == null) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "| %s | %s | %s | %.1f | %d | %d | %s | %d | %s | %s |%n",
        phase.topology(),
        phase.fault(),
        name,
        window.seconds(),
        window.requests(),
        window.errors(),
        oneDecimal(window.callsPerThousand()),
        window.fallbacks(),
        oneDecimal(window.p99Millis()),
        oneDecimal(window.maxMillis()));
  }

  private static String recoveryRow(FailoverPhase phase) {
    String problems = phase.problems().isEmpty() ? "-" : cell(String.join("; ", phase.problems()));
    return String.format(
        Locale.ROOT,
        "| %s | %s | %d of %d | %s | %s | %s | %s s | %d of %d | %s |%n",
        phase.topology(),
        phase.fault(),
        phase.errors(),
        phase.requests() + phase.errors(),
        Double.isNaN(phase.leftSeconds()) ? "none" : seconds(phase.leftSeconds()) + " s",
        back(phase),
        Double.isNaN(phase.stateBackSeconds())
            ? "not by the end"
            : seconds(phase.stateBackSeconds()) + " s",
        seconds(phase.longestStallSeconds()),
        phase.uncoordinatedBefore(),
        phase.intervalsBefore(),
        problems);
  }

  private static String back(FailoverPhase phase) {
    if (Double.isNaN(phase.backSeconds())) {
      return "not by the end of the phase";
    }
    return phase.backSeconds() == 0 ? "0 s (never stopped)" : seconds(phase.backSeconds()) + " s";
  }

  /** Returns {@code text} on one line, fit for a cell of a Markdown table. */
  private static String cell(String text) {
    return text.replace('\n', ' ').replace("|", "\\|");
  }

  /** Returns seconds with one decimal, or a dash for NaN. */
  static String seconds(double seconds) {
    return oneDecimal(seconds);
  }

  private static String oneDecimal(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
  }
}
