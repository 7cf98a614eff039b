package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Collapse beyond one instance: the same hot and cold keys ({@link ZipfKeys}) through 1, 2, 4 and
 * 8 instances that each collapse on their own, with the calls that reach the one shared backend
 * counted. {@link ServletScaleOut} puts HAProxy in front of instances of the sample application,
 * round-robin and with a consistent hash of the collapse key; {@link ClientScaleOut} has client
 * instances call one backend. Every server and proxy listens on 127.0.0.1 and is stopped at the
 * end, also when the case fails.
 */
final class ScaleOutCase {

  /** The instance counts, the same for both sides. */
  static final List<Integer> INSTANCES = List.of(1, 2, 4, 8);

  /** The keys every request asks for. */
  static final ZipfKeys KEYS = new ZipfKeys(100, 1.0);

  /**
   * What the case measured.
   *
   * @param servlet each balancing's points through HAProxy, empty when wrk or HAProxy is missing
   * @param nginx the point of nginx's consistent hash at the most instances, empty when nginx,
   *     wrk or HAProxy is missing
   * @param clients the client instances' points
   * @param clientTier the client instances' points with the fleet tier, or null when
   *     redis-server is missing
   * @param fleetTier round-robin with the fleet tier, or null when wrk, HAProxy or redis-server
   *     is missing
   * @param conditions what the run conditions should say about the case
   */
  record Result(
      Map<Balancing, List<ScaleOutPoint>> servlet,
      List<ScaleOutPoint> nginx,
      List<ScaleOutPoint> clients,
      FleetTierPoints clientTier,
      FleetTierPoints fleetTier,
      List<String> conditions) {}

  /**
   * The tier's coordination timeout here: 8 instances, HAProxy, wrk and Redis share 2 cores, and
   * an answer of Redis waits for a core up to hundreds of milliseconds, so the default 50 ms
   * turns the tier off again and again (the fail-open path, not the tier, is then measured).
   */
  static final String COORDINATION_TIMEOUT = "250ms";

  /** The prefix of the keys of the instances with the fleet tier. */
  static final String KEY_PREFIX = "collapse-load";

  /**
   * What the instances with the fleet tier are started with, on the harness's own Redis, which
   * {@code redis} ({@code spring.data.redis.*} arguments) names.
   */
  static List<String> fleetTierArguments(List<String> redis) {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "--collapse.executor.servlet.fleet=true",
                "--collapse.executor.fleet.secret=the load harness's fleet secret, of 32 bytes or more",
                "--collapse.executor.fleet.key-prefix=" + KEY_PREFIX,
                "--collapse.executor.fleet.coordination-timeout=" + COORDINATION_TIMEOUT));
    arguments.addAll(redis);
    return arguments;
  }

  private final Settings settings;

  ScaleOutCase(Settings settings) {
    this.settings = settings;
  }

  /**
   * Runs the servlet side again on {@code size} instances that coordinate through the fleet tier,
   * on a Redis of the harness's own that a point stops halfway; null when redis-server is missing.
   */
  private FleetTierPoints runFleetTier(
      ServletScaleOut servletSide, int size, List<String> conditions)
      throws IOException, InterruptedException {
    Optional<Path> program = RedisServer.find();
    if (program.isEmpty()) {
      conditions.add("Scale-out, fleet tier skipped: " + RedisServer.INSTALL_HINT);
      return null;
    }
    Progress.line("scale-out  starting %d instances with the fleet tier", size);
    try (RedisServer redis = RedisServer.start(program.get(), settings.work().resolve("redis"));
        Fleet tierFleet =
            Fleet.startOnOnePort(
                size,
                settings.logs(),
                "fleet-tier",
                fleetTierArguments(
                    List.of(
                        "--spring.data.redis.host=127.0.0.1",
                        "--spring.data.redis.port=" + redis.port())))) {
      conditions.add(
          "Scale-out, fleet tier: the same instances each on an address of its own"
              + " (127.0.0.1 to 127.0.0.8) and one port, with collapse.executor.servlet.fleet=true"
              + " and a coordination timeout of "
              + COORDINATION_TIMEOUT
              + " (the machine runs them"
              + " on 2 cores), on "
              + Executables.firstLine(program.get(), "--version")
              + " on loopback");
      FleetTierPoints points = servletSide.runFleetTier(tierFleet, INSTANCES, redis);
      conditions.add(
          String.format(
              Locale.ROOT,
              "Load average (1 min) after the fleet tier: %.2f",
              Machine.loadAverage()));
      return points;
    }
  }

  /**
   * Runs the client side again with the fleet tier, on a Redis of the harness's own that a point
   * stops halfway; null when redis-server is missing.
   */
  private FleetTierPoints runClientTier(
      ClientScaleOut clientSide, SampleApp backend, List<String> conditions)
      throws IOException, InterruptedException {
    Optional<Path> program = RedisServer.find();
    if (program.isEmpty()) {
      conditions.add("Scale-out, client fleet tier skipped: " + RedisServer.INSTALL_HINT);
      return null;
    }
    try (RedisServer redis =
        RedisServer.start(program.get(), settings.work().resolve("redis-clients"))) {
      conditions.add(
          "Scale-out, client fleet tier: each client instance's interceptor on a"
              + " coordinator of its own, its client named alike (partition), on "
              + Executables.firstLine(program.get(), "--version")
              + " on loopback");
      FleetTierPoints points = clientSide.runFleetTier(backend, INSTANCES, redis);
      conditions.add(
          String.format(
              Locale.ROOT,
              "Load average (1 min) after the client fleet tier: %.2f",
              Machine.loadAverage()));
      return points;
    }
  }

  Result run() throws IOException, InterruptedException {
    List<String> conditions = new ArrayList<>();
    Optional<Path> wrk = Wrk.find();
    Optional<Path> haproxy = HaProxy.find();
    int size = INSTANCES.get(INSTANCES.size() - 1);
    Map<Balancing, List<ScaleOutPoint>> servlet = Map.of();
    List<ScaleOutPoint> nginxPoints = List.of();
    List<ScaleOutPoint> clients;
    FleetTierPoints clientTier;
    ServletScaleOut servletSide = null;
    Progress.line("scale-out  starting %d instances of the sample application", size);
    try (Fleet fleet = Fleet.start(size, settings.logs())) {
      conditions.add(
          String.format(
              Locale.ROOT,
              "Scale-out: %d instances of the sample application, JVM" + " options %s; keys: %s",
              size,
              String.join(" ", Fleet.JVM_OPTIONS),
              KEYS));
      if (wrk.isEmpty()) {
        conditions.add("Scale-out, servlet side skipped: " + Wrk.INSTALL_HINT);
      } else if (haproxy.isEmpty()) {
        conditions.add("Scale-out, servlet side skipped: " + HaProxy.INSTALL_HINT);
      } else {
        conditions.add(
            "Scale-out, servlet side: "
                + ServletScaleOut.USERS
                + " users of "
                + wrk.get().getFileName()
                + " through "
                + Executables.firstLine(haproxy.get(), "-v"));
        servletSide = new ServletScaleOut(settings, wrk.get(), haproxy.get(), KEYS);
        servlet = servletSide.run(fleet, INSTANCES);
        Optional<Path> nginx = Nginx.find();
        if (nginx.isPresent()) {
          conditions.add("Scale-out, nginx: " + Executables.firstLine(nginx.get(), "-v"));
          nginxPoints = List.of(servletSide.runNginx(fleet, nginx.get(), size));
        } else {
          conditions.add("Scale-out, nginx's consistent hash skipped: " + Nginx.INSTALL_HINT);
        }
        conditions.add(
            String.format(
                Locale.ROOT,
                "Load average (1 min) after the servlet side: %.2f",
                Machine.loadAverage()));
      }
      ClientScaleOut clientSide = new ClientScaleOut(settings, KEYS);
      SampleApp backend = fleet.first(1).get(0);
      clients = clientSide.run(backend, INSTANCES);
      conditions.add(
          String.format(
              Locale.ROOT,
              "Load average (1 min) after the client side: %.2f",
              Machine.loadAverage()));
      clientTier = runClientTier(clientSide, backend, conditions);
    }
    // after the other instances stopped: the tier's instances have the machine to themselves
    FleetTierPoints tier = servletSide == null ? null : runFleetTier(servletSide, size, conditions);
    return new Result(servlet, nginxPoints, clients, clientTier, tier, conditions);
  }
}
