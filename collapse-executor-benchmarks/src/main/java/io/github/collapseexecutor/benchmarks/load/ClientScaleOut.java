package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.RedisFleet;
import io.lettuce.core.RedisURI;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The client adapters on a fleet: 1, 2, 4 and 8 client instances share {@value #USERS}
 * closed-loop users, each instance an OkHttp client with a collapse interceptor of its own (and
 * then again with the fleet tier, each on a Redis coordinator of its own), and
 * all call one backend, {@code /test/noop100?key=k} of one sample application, for keys of
 * {@link ZipfKeys}. The server never collapses that endpoint, so its counter is exactly the calls
 * that reached it.
 *
 * <p>The instances run in the harness's JVM. That changes nothing about collapse: an interceptor
 * keeps its calls in progress in its own executor and sees no other, exactly as in N processes;
 * what they share is the CPU, the JIT and the heap, which move latency, not the backend's count.
 */
final class ClientScaleOut {

  /** The fleet tier's secret, the same on every client instance. */
  private static final byte[] SECRET =
      "the load harness's client fleet secret, 32 bytes or more".getBytes(StandardCharsets.UTF_8);

  private static final String TIER = "fleet tier";

  /** Closed-loop users, split evenly over the instances. */
  static final int USERS = 200;

  private static final String ENDPOINT = "noop100";

  private final Settings settings;
  private final ZipfKeys keys;

  ClientScaleOut(Settings settings, ZipfKeys keys) {
    this.settings = settings;
    this.keys = keys;
  }

  /** Runs every instance count against {@code backend}, each instance's client made anew. */
  List<ScaleOutPoint> run(SampleApp backend, List<Integer> instanceCounts)
      throws IOException, InterruptedException {
    // unmeasured: the clients' JIT and the backend's pools
    measureAnew("warm-up", backend, 1, settings.warmUp());
    List<ScaleOutPoint> points = new ArrayList<>();
    for (int instances : instanceCounts) {
      points.add(measureAnew("measured", backend, instances, settings.measure()));
    }
    return points;
  }

  private ScaleOutPoint measureAnew(String run, SampleApp backend, int instances, Duration duration)
      throws IOException, InterruptedException {
    List<ClientAdapter.LoadClient> clients = open(backend, instances, null);
    try {
      return measure(run, "each its own", backend, clients, duration, () -> {});
    } finally {
      clients.forEach(ClientAdapter.LoadClient::close);
    }
  }

  /**
   * Runs every instance count again with the fleet tier on {@code redis}: each instance's client
   * on a coordinator of its own, as in its own process, the clients made once and kept, as an
   * application keeps them; then the most instances with Redis stopped halfway through the run,
   * and again once it runs again, after a warm-up in which the instances find it back.
   */
  FleetTierPoints runFleetTier(SampleApp backend, List<Integer> instanceCounts, RedisServer redis)
      throws IOException, InterruptedException {
    int all = Collections.max(instanceCounts);
    List<FleetCoordinator> coordinators = new ArrayList<>();
    List<ClientAdapter.LoadClient> clients;
    try {
      for (int i = 0; i < all; i++) {
        coordinators.add(
            FleetCoordinator.connect(
                RedisURI.create("redis://127.0.0.1:" + redis.port()),
                FleetOptions.builder(SECRET).keyPrefix("collapse-load-clients").build()));
      }
      clients = open(backend, all, coordinators);
    } catch (RuntimeException e) {
      coordinators.forEach(FleetCoordinator::close);
      throw e;
    }
    ScheduledExecutorService outage = Executors.newSingleThreadScheduledExecutor();
    try {
      // the warm-up of every instance, as the coordinators first reach Redis
      measure("warm-up", TIER, backend, clients, settings.warmUp().multipliedBy(2), () -> {});
      List<ScaleOutPoint> points = new ArrayList<>();
      for (int instances : instanceCounts) {
        points.add(
            measure(
                "tier",
                TIER,
                backend,
                clients.subList(0, instances),
                settings.measure(),
                () -> {}));
      }
      ScaleOutPoint stopped =
          measure(
              "no-redis",
              TIER,
              backend,
              clients,
              settings.measure(),
              () ->
                  outage.schedule(
                      redis::stop, settings.measure().toMillis() / 2, TimeUnit.MILLISECONDS));
      redis.startAgain();
      measure("warm-up", TIER, backend, clients, settings.warmUp(), () -> {});
      ScaleOutPoint back =
          measure("redis-on", TIER, backend, clients, settings.measure(), () -> {});
      return new FleetTierPoints(points, stopped, back);
    } finally {
      outage.shutdownNow();
      clients.forEach(ClientAdapter.LoadClient::close);
      coordinators.forEach(FleetCoordinator::close);
    }
  }

  /**
   * Opens {@code instances} clients of {@code backend}, each with an interceptor of its own, on
   * the fleet tier of the coordinator of its index where {@code coordinators} is given.
   */
  private List<ClientAdapter.LoadClient> open(
      SampleApp backend, int instances, @Nullable List<FleetCoordinator> coordinators) {
    URI url = backend.url("/test/" + ENDPOINT);
    List<ClientAdapter.LoadClient> clients = new ArrayList<>();
    for (int i = 0; i < instances; i++) {
      HttpCollapseOptions.Builder options =
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/test/noop*"));
      if (coordinators != null) {
        options.fleet(RedisFleet.of(coordinators.get(i)));
      }
      clients.add(ClientAdapter.OKHTTP.open(() -> keys.next(url), options.build()));
    }
    return clients;
  }

  /**
   * Measures one point of {@code clients}, each an instance.
   *
   * @param how how the instances collapse, for the progress output
   * @param started runs just before the load starts
   */
  private ScaleOutPoint measure(
      String run,
      String how,
      SampleApp backend,
      List<ClientAdapter.LoadClient> clients,
      Duration duration,
      Runnable started)
      throws IOException, InterruptedException {
    int instances = clients.size();
    ExecutorService drivers = Executors.newFixedThreadPool(instances);
    try {
      long before = backend.executions(ENDPOINT);
      started.run();
      List<Future<Measurement>> running = new ArrayList<>();
      for (ClientAdapter.LoadClient client : clients) {
        running.add(drivers.submit(() -> client.drive(USERS / instances, duration)));
      }
      List<Measurement> measured = new ArrayList<>();
      for (Future<Measurement> instance : running) {
        measured.add(instance.get());
      }
      Measurement all =
          Measurement.together(measured).withBackendCalls(backend.executions(ENDPOINT) - before);
      Progress.line(
          "scale-out  clients %-8s %d instance(s), %-35s %s",
          run, instances, how, ScaleOutReport.describe(all));
      return new ScaleOutPoint(instances, all, Double.NaN);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a client instance failed", e.getCause());
    } finally {
      drivers.shutdownNow();
    }
  }
}
