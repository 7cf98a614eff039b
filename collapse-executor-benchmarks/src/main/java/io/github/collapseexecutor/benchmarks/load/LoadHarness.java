package io.github.collapseexecutor.benchmarks.load;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The load harness: every load case with and without collapse, in one bounded run over
 * loopback, with the results as Markdown tables and PNG charts.
 *
 * <ul>
 *   <li><b>servlet</b>: wrk (a process of its own) with 400 closed-loop users against the samples'
 *       Spring Boot application (a JVM of its own), an endpoint the servlet filter collapses and
 *       one it does not, both sleeping 100 ms; then 1 to 400 users for the charts.
 *   <li><b>clients</b>: 200 closed-loop users in this JVM through RestClient, OkHttp, the JDK's
 *       HttpClient and WebClient, each with and without its adapter, against the same application's endpoint
 *       with no delay; then RestClient at 1 to 400 users; and the sizes of the shared calls.
 *   <li><b>webflux</b>: {@value WebFluxCase#USERS} closed-loop users in this JVM against the
 *       samples' WebFlux price server, with and without the collapse filter, both in this JVM;
 *       the handler waits 100 ms for a backend without a thread, then renders about 10 KB.
 *   <li><b>db</b>: 700 threads submit orders to local MariaDB and PostgreSQL, a transaction per
 *       order or through the samples' group-commit {@code OrderWriter}; a server that is not
 *       reachable is skipped.
 *   <li><b>secured-backend</b>: {@value SecuredBackendCase#USERS} closed-loop users in this JVM
 *       through RestClient, with and without its interceptor, against a Spring Boot service with
 *       Spring Security's defaults (a JVM of its own, endpoints sleeping 100 ms): identical GETs
 *       with the same {@code Authorization}, then to an endpoint that sets a cookie on every
 *       response; in a section of its own.
 *   <li><b>scale-out</b>: hot and cold keys through 1, 2, 4 and 8 instances that each collapse on
 *       their own: the servlet filter behind HAProxy, round-robin and with a consistent hash of
 *       the collapse key, and client instances calling one backend; the backend calls per 1000
 *       requests against the instances, in a section and a chart of their own.
 *   <li><b>fleet-failover</b>: {@value FleetFailoverCase#INSTANCES} instances of the sample
 *       application with the servlet filter on the fleet tier, on a Sentinel set and then a
 *       cluster of the harness's own, under {@value FailoverRun#USERS} closed-loop users of one
 *       key: a failover of the master, then a killed master, each in the middle of a phase; the
 *       failed requests, backend calls and p99 before, during and after, and when the instances
 *       coordinate again; in a section of its own.
 *   <li><b>grpc</b>: {@value GrpcCase#USERS} closed-loop users in this JVM make one unary gRPC
 *       call, with and without the client interceptor, against a service in a JVM of its own;
 *       in a section of its own.
 *   <li><b>gateway</b>: {@value GatewayCase#USERS} closed-loop users in this JVM through Spring
 *       Cloud Gateway, a route with the Collapse filter and one without, to the samples' WebFlux
 *       price server without collapse; both gateways in this JVM; in a section of its own.
 *   <li><b>grpc-server</b>: {@value GrpcServerCase#USERS} closed-loop users in this JVM make one
 *       unary gRPC call to a server in this JVM whose handler computes about a millisecond, with
 *       and without the server interceptor; in a section of its own.
 *   <li><b>mixed</b>: {@value MixedCase#USERS} closed-loop users in this JVM read and write a few
 *       hot keys of the same application, 95% reads and 5% writes, through the servlet filter and
 *       without it, and count the reads that went back in time: none may; in a section of its
 *       own, after which the case fails if a read did.
 * </ul>
 *
 * <p>Run it with {@code collapse-executor-benchmarks/load.sh [--quick] [--cases=...] [--out=DIR]}
 * from the repository's root; {@code docs/benchmarks/README.md} describes the method.
 */
public final class LoadHarness {

  private LoadHarness() {}

  public static void main(String[] args) throws Exception {
    System.setProperty("java.awt.headless", "true");
    Settings settings;
    try {
      settings = Settings.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    Instant start = Instant.now();
    Report report = new Report(settings);
    Charts charts = new Charts(settings.out());
    report.condition(
        "Date: %s; %s run: %d s per measured side (the servlet case: %d s), %d s"
            + " warm-up per side, %d s per sweep point",
        start.truncatedTo(ChronoUnit.SECONDS),
        settings.quick() ? "quick (smoke)" : "full",
        settings.measure().toSeconds(),
        settings.servletMeasure().toSeconds(),
        settings.warmUp().toSeconds(),
        settings.sweepPoint().toSeconds());
    report.condition("Machine: %s", Machine.describe());
    report.condition("Load average (1 min) before the run: %.2f", Machine.loadAverage());

    if (settings.cases().contains(Settings.Case.SERVLET)) {
      runServlet(settings, report, charts);
    }
    if (settings.cases().contains(Settings.Case.CLIENTS)) {
      runClients(settings, report, charts);
    }
    if (settings.cases().contains(Settings.Case.WEBFLUX)) {
      report.webflux(new WebFluxCase(settings).run());
      report.condition("Load average (1 min) after the WebFlux case: %.2f", Machine.loadAverage());
    }
    if (settings.cases().contains(Settings.Case.DB)) {
      report.groupCommit(new GroupCommitCase(settings).run());
      report.condition("Load average (1 min) after group commit: %.2f", Machine.loadAverage());
    }
    Duration took = Duration.between(start, Instant.now());
    report.condition("The run took %d min %02d s", took.toMinutes(), took.toSecondsPart());
    // the cases with a section of their own, run alone, leave the others' results be
    if (settings.cases().stream().anyMatch(c -> !c.ownSection())) {
      report.write();
    }
    if (settings.cases().contains(Settings.Case.SECURED_BACKEND)) {
      runSecuredBackend(settings);
    }
    if (settings.cases().contains(Settings.Case.SCALE_OUT)) {
      runScaleOut(settings);
    }
    if (settings.cases().contains(Settings.Case.FLEET_FAILOVER)) {
      runFleetFailover(settings);
    }
    if (settings.cases().contains(Settings.Case.GRPC)) {
      new GrpcCase(settings).run();
    }
    if (settings.cases().contains(Settings.Case.GATEWAY)) {
      new GatewayCase(settings).run();
    }
    if (settings.cases().contains(Settings.Case.GRPC_SERVER)) {
      new GrpcServerCase(settings).run();
    }
    if (settings.cases().contains(Settings.Case.PAGE_SERVICE)) {
      new PageServiceCase(settings).run();
    }
    // last: it fails the run if a read went back in time, once its section is written
    if (settings.cases().contains(Settings.Case.MIXED)) {
      runMixed(settings);
    }
    Progress.line("results in %s", settings.out().resolve("README.md"));
  }

  private static void runSecuredBackend(Settings settings) throws Exception {
    String unavailable = SecuredBackend.unavailable();
    if (unavailable != null) {
      Progress.line("secured-backend case skipped: %s", unavailable);
      return;
    }
    SecuredBackendReport report = new SecuredBackendReport(settings);
    Instant start = Instant.now();
    report.condition(
        "Date: %s; %s run: %d s per measured side, %d s warm-up per side",
        start.truncatedTo(ChronoUnit.SECONDS),
        settings.quick() ? "quick (smoke)" : "full",
        settings.measure().toSeconds(),
        settings.warmUp().toSeconds());
    report.condition("Machine: %s", Machine.describe());
    report.condition("Load average (1 min) before the case: %.2f", Machine.loadAverage());
    Map<SecuredBackendCase.Round, SecuredBackendCase.RoundResult> results =
        new SecuredBackendCase(settings).run();
    report.condition("Load average (1 min) after the case: %.2f", Machine.loadAverage());
    report.write(results, Duration.between(start, Instant.now()));
  }

  private static void runScaleOut(Settings settings) throws Exception {
    ScaleOutReport report = new ScaleOutReport(settings);
    if (!SampleApp.available()) {
      Progress.line("scale-out case skipped: %s is not on the class path", SampleApp.MAIN_CLASS);
      return;
    }
    Instant start = Instant.now();
    report.condition(
        "Date: %s; %s run: %d s per measured point, %d s warm-up",
        start.truncatedTo(ChronoUnit.SECONDS),
        settings.quick() ? "quick (smoke)" : "full",
        settings.measure().toSeconds(),
        settings.warmUp().toSeconds());
    report.condition("Machine: %s", Machine.describe());
    report.condition("Load average (1 min) before the case: %.2f", Machine.loadAverage());
    ScaleOutCase.Result result = new ScaleOutCase(settings).run();
    report.write(result, Duration.between(start, Instant.now()));
  }

  private static void runFleetFailover(Settings settings) throws Exception {
    if (!SampleApp.available()) {
      Progress.line(
          "fleet-failover case skipped: %s is not on the class path", SampleApp.MAIN_CLASS);
      return;
    }
    FleetFailoverReport report = new FleetFailoverReport(settings);
    FleetFailoverCase failoverCase = new FleetFailoverCase(settings);
    Instant start = Instant.now();
    report.condition(
        "Date: %s; %s run",
        start.truncatedTo(ChronoUnit.SECONDS), settings.quick() ? "quick (smoke)" : "full");
    report.condition("Machine: %s", Machine.describe());
    report.condition("Load average (1 min) before the case: %.2f", Machine.loadAverage());
    report.describeLoad(failoverCase);
    FleetFailoverCase.Result result = failoverCase.run();
    report.write(result, Duration.between(start, Instant.now()));
  }

  private static void runMixed(Settings settings) throws Exception {
    if (!SampleApp.available()) {
      Progress.line("mixed case skipped: %s is not on the class path", SampleApp.MAIN_CLASS);
      return;
    }
    new MixedCase(settings).run();
  }

  private static void runServlet(Settings settings, Report report, Charts charts) throws Exception {
    Optional<Path> wrk = Wrk.find();
    if (wrk.isEmpty()) {
      report.condition("Servlet case skipped: %s", Wrk.INSTALL_HINT);
      Progress.line("servlet case skipped: %s", Wrk.INSTALL_HINT);
      return;
    }
    if (!SampleApp.available()) {
      report.condition("Servlet case skipped: %s is not on the class path", SampleApp.MAIN_CLASS);
      return;
    }
    ServletCase.Result result = new ServletCase(settings, wrk.get()).run();
    report.servlet(result);
    report.condition("%s", result.jit());
    charts.throughput(
        "servlet-tps.png",
        "Servlet filter: throughput, endpoint sleeps 100 ms",
        result.sweep(),
        ServletCase::closedLoopLimit);
    charts.p99(
        "servlet-p99.png", "Servlet filter: p99 latency, endpoint sleeps 100 ms", result.sweep());
    report.condition(
        "Load average (1 min) after the servlet case: %.2f; load generator: %s"
            + " (its own process, 2 threads)",
        Machine.loadAverage(), wrk.get().getFileName());
  }

  private static void runClients(Settings settings, Report report, Charts charts) throws Exception {
    if (!SampleApp.available()) {
      report.condition("Client cases skipped: %s is not on the class path", SampleApp.MAIN_CLASS);
      return;
    }
    ClientCases.Result result = new ClientCases(settings).run();
    report.clients(result);
    charts.throughput(
        "restclient-tps.png",
        "RestClient: throughput, endpoint with no delay",
        result.restClientSweep(),
        null);
    charts.p99(
        "restclient-p99.png",
        "RestClient: p99 latency, endpoint with no delay",
        result.restClientSweep());
    Map<String, BatchSizes> sizes = new LinkedHashMap<>();
    result.batchSizes().forEach((adapter, batchSizes) -> sizes.put(adapter.title(), batchSizes));
    charts.batchSizes(
        "batch-sizes.png",
        "Requests per shared backend call, " + ClientCases.USERS + " users",
        sizes);
    report.condition("Load average (1 min) after the client cases: %.2f", Machine.loadAverage());
  }
}
