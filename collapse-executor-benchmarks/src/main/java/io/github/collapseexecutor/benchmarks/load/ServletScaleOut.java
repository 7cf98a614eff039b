package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The servlet filter on a fleet: wrk's {@value #USERS} closed-loop users ask for keys of
 * {@link ZipfKeys} on {@code /test/collapse100?key=k} through HAProxy, in front of 1, 2, 4 and
 * 8 instances of the sample application, each collapsing with its own servlet filter. The handler
 * behind the filter stands for the call to the shared backend: it takes 100 ms and each instance
 * counts how often it ran, so the sum over the instances is what one backend would have counted.
 * Each instance count runs twice, HAProxy balancing round-robin and on a consistent hash of
 * the collapse key; nginx's consistent hash can be checked on the same fleet afterwards.
 */
final class ServletScaleOut {

  /** Closed-loop users, all through the proxy. */
  static final int USERS = 200;

  private static final String ENDPOINT = "collapse100";

  /** Lets requests cut off by the end of a run finish before the count. */
  private static final Duration SETTLE = Duration.ofSeconds(1);

  private final Settings settings;
  private final Path wrk;
  private final Path haproxy;
  private final ZipfKeys keys;
  private Path script;

  ServletScaleOut(Settings settings, Path wrk, Path haproxy, ZipfKeys keys) {
    this.settings = settings;
    this.wrk = wrk;
    this.haproxy = haproxy;
    this.keys = keys;
  }

  /** Starts a proxy of one kind in front of {@code instances}. */
  @FunctionalInterface
  interface Proxies {
    LoadBalancer start(Balancing balancing, List<InetSocketAddress> instances)
        throws IOException, InterruptedException;
  }

  /** Runs every instance count with each balancing on {@code fleet}, through HAProxy. */
  Map<Balancing, List<ScaleOutPoint>> run(Fleet fleet, List<Integer> instanceCounts)
      throws IOException, InterruptedException {
    script = keys.writeWrkScript(settings.work().resolve("zipf-keys.lua"));
    Proxies haproxies =
        (balancing, instances) -> HaProxy.start(haproxy, balancing, instances, settings.work());
    int all = Collections.max(instanceCounts);
    // unmeasured: every instance's JIT and pools, through the proxy as measured
    measure(
        "warm-up",
        fleet,
        haproxies,
        Balancing.ROUND_ROBIN,
        all,
        settings.warmUp().multipliedBy(2),
        () -> {});
    Map<Balancing, List<ScaleOutPoint>> points = new EnumMap<>(Balancing.class);
    for (int instances : instanceCounts) {
      for (Balancing balancing : Balancing.values()) {
        ScaleOutPoint point =
            measure(
                "measured", fleet, haproxies, balancing, instances, settings.measure(), () -> {});
        points.computeIfAbsent(balancing, b -> new ArrayList<>()).add(point);
      }
    }
    return points;
  }

  /**
   * Runs every instance count round-robin on {@code tierFleet}, whose instances coordinate through
   * the fleet tier on {@code redis}; then the most instances with Redis stopped halfway through the
   * run, and again once it runs again, after an unmeasured warm-up in which the instances find it
   * back. After {@link #run}. The instances start cold, and the measured runs reach the last ones
   * only at the most instances: the warm-up, on every instance, is twice {@link #run}'s.
   */
  FleetTierPoints runFleetTier(Fleet tierFleet, List<Integer> instanceCounts, RedisServer redis)
      throws IOException, InterruptedException {
    if (script == null) {
      throw new IllegalStateException("runFleetTier before run: the keys' script is not written");
    }
    Proxies haproxies =
        (balancing, instances) -> HaProxy.start(haproxy, balancing, instances, settings.work());
    int all = Collections.max(instanceCounts);
    measure(
        "warm-up",
        tierFleet,
        haproxies,
        Balancing.ROUND_ROBIN,
        all,
        settings.warmUp().multipliedBy(4),
        () -> {});
    List<ScaleOutPoint> points = new ArrayList<>();
    for (int instances : instanceCounts) {
      points.add(
          measure(
              "tier",
              tierFleet,
              haproxies,
              Balancing.ROUND_ROBIN,
              instances,
              settings.measure(),
              () -> {}));
    }
    ScheduledExecutorService outage = Executors.newSingleThreadScheduledExecutor();
    ScaleOutPoint stopped;
    try {
      stopped =
          measure(
              "no-redis",
              tierFleet,
              haproxies,
              Balancing.ROUND_ROBIN,
              all,
              settings.measure(),
              () ->
                  outage.schedule(
                      redis::stop, settings.measure().toMillis() / 2, TimeUnit.MILLISECONDS));
    } finally {
      outage.shutdownNow();
    }
    redis.startAgain();
    measure(
        "warm-up", tierFleet, haproxies, Balancing.ROUND_ROBIN, all, settings.warmUp(), () -> {});
    ScaleOutPoint back =
        measure(
            "redis-on",
            tierFleet,
            haproxies,
            Balancing.ROUND_ROBIN,
            all,
            settings.measure(),
            () -> {});
    return new FleetTierPoints(points, stopped, back);
  }

  /**
   * Runs {@code instances} of {@code fleet} behind nginx with its consistent hash, after
   * {@link #run}: the same check for the other proxy's configuration.
   */
  ScaleOutPoint runNginx(Fleet fleet, Path nginx, int instances)
      throws IOException, InterruptedException {
    if (script == null) {
      throw new IllegalStateException("runNginx before run: the keys' script is not written");
    }
    return measure(
        "measured",
        fleet,
        (balancing, addresses) -> Nginx.start(nginx, balancing, addresses, settings.work()),
        Balancing.CONSISTENT_HASH,
        instances,
        settings.measure(),
        () -> {});
  }

  /**
   * Measures one point.
   *
   * @param started runs once the proxy is up, just before the load starts
   */
  private ScaleOutPoint measure(
      String run,
      Fleet fleet,
      Proxies proxies,
      Balancing balancing,
      int instances,
      Duration duration,
      Runnable started)
      throws IOException, InterruptedException {
    try (LoadBalancer proxy = proxies.start(balancing, fleet.addresses(instances))) {
      long before = fleet.executions(ENDPOINT);
      started.run();
      Measurement measured = Wrk.run(wrk, proxy.url("/test/" + ENDPOINT), script, USERS, duration);
      Thread.sleep(SETTLE.toMillis());
      measured = measured.withBackendCalls(fleet.executions(ENDPOINT) - before);
      Map<String, Long> perInstance = proxy.requestsPerInstance();
      long total = perInstance.values().stream().mapToLong(Long::longValue).sum();
      double busiest =
          total == 0 ? Double.NaN : (double) Collections.max(perInstance.values()) / total;
      Progress.line(
          "scale-out  servlet %-8s %d instance(s), %-12s %-35s %s",
          run,
          instances,
          proxy.getClass().getSimpleName(),
          balancing.title(),
          ScaleOutReport.describe(measured));
      return new ScaleOutPoint(instances, measured, busiest);
    }
  }
}
