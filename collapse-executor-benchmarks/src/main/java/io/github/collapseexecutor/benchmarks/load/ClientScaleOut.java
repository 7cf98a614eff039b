package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The client adapters on a fleet: 1, 2, 4 and 8 client instances share {@value #USERS}
 * closed-loop users, each instance an OkHttp client with a collapse interceptor of its own, and
 * all call one backend, {@code /test/noop100?key=k} of one sample application, for keys of
 * {@link ZipfKeys}. The server never collapses that endpoint, so its counter is exactly the calls
 * that reached it.
 *
 * <p>The instances run in the harness's JVM. That changes nothing about collapse: an interceptor
 * keeps its calls in progress in its own executor and sees no other, exactly as in N processes;
 * what they share is the CPU, the JIT and the heap, which move latency, not the backend's count.
 */
final class ClientScaleOut {

  /** Closed-loop users, split evenly over the instances. */
  static final int USERS = 200;

  private static final String ENDPOINT = "noop100";

  private final Settings settings;
  private final ZipfKeys keys;

  ClientScaleOut(Settings settings, ZipfKeys keys) {
    this.settings = settings;
    this.keys = keys;
  }

  /** Runs every instance count against {@code backend}. */
  List<ScaleOutPoint> run(SampleApp backend, List<Integer> instanceCounts)
      throws IOException, InterruptedException {
    // unmeasured: the clients' JIT and the backend's pools
    measure("warm-up", backend, 1, settings.warmUp());
    List<ScaleOutPoint> points = new ArrayList<>();
    for (int instances : instanceCounts) {
      points.add(measure("measured", backend, instances, settings.measure()));
    }
    return points;
  }

  private ScaleOutPoint measure(String run, SampleApp backend, int instances, Duration duration)
      throws IOException, InterruptedException {
    URI url = backend.url("/test/" + ENDPOINT);
    List<ClientAdapter.LoadClient> clients = new ArrayList<>();
    ExecutorService drivers = Executors.newFixedThreadPool(instances);
    try {
      for (int i = 0; i < instances; i++) {
        HttpCollapseOptions options = HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/test/noop*"))
            .build();
        clients.add(ClientAdapter.OKHTTP.open(() -> keys.next(url), options));
      }
      long before = backend.executions(ENDPOINT);
      List<Future<Measurement>> running = new ArrayList<>();
      for (ClientAdapter.LoadClient client : clients) {
        running.add(drivers.submit(() -> client.drive(USERS / instances, duration)));
      }
      List<Measurement> measured = new ArrayList<>();
      for (Future<Measurement> instance : running) {
        measured.add(instance.get());
      }
      Measurement all = Measurement.together(measured)
          .withBackendCalls(backend.executions(ENDPOINT) - before);
      Progress.line("scale-out  clients %-8s %d instance(s), %-35s %s", run, instances,
          "each its own", ScaleOutReport.describe(all));
      return new ScaleOutPoint(instances, all, Double.NaN);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a client instance failed", e.getCause());
    } finally {
      drivers.shutdownNow();
      clients.forEach(ClientAdapter.LoadClient::close);
    }
  }
}
