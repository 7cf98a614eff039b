package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The client-side cases: {@value #USERS} closed-loop users in the harness's process call the same
 * URL, {@code GET /test/noop0} of the sample application in its own JVM, through each client
 * library with and without its collapse adapter. The endpoint answers at once and the server never
 * collapses it, so its counter is exactly the calls that reached the backend.
 */
final class ClientCases {

  /** The client threads (WebClient: requests in flight) of the reference figures. */
  static final int USERS = 200;

  private static final String ENDPOINT = "noop0";

  /**
   * What the cases measured.
   *
   * @param main each adapter at {@value #USERS} users, each round for the measured time
   * @param batchSizes the shared calls' sizes of each adapter's measured runs with collapse
   * @param restClientSweep RestClient at each concurrency of the sweep, for the charts
   */
  record Result(
      Map<ClientAdapter, Rounds> main,
      Map<ClientAdapter, BatchSizes> batchSizes,
      List<Comparison> restClientSweep) {}

  private final Settings settings;

  ClientCases(Settings settings) {
    this.settings = settings;
  }

  Result run() throws IOException, InterruptedException {
    try (SampleApp app = SampleApp.start(settings.logs())) {
      Map<ClientAdapter, Rounds> main = new EnumMap<>(ClientAdapter.class);
      Map<ClientAdapter, BatchSizes> sizes = new EnumMap<>(ClientAdapter.class);
      List<Comparison> sweep = new ArrayList<>();
      for (ClientAdapter adapter : ClientAdapter.values()) {
        BatchSizes batchSizes = new BatchSizes();
        try (Sides sides = new Sides(app, adapter, batchSizes)) {
          // unmeasured, so that neither side pays for the JIT's and the pools' warm-up alone
          sides.compare("warm-up", USERS, settings.warmUp());
          if (adapter == ClientAdapter.REST_CLIENT) {
            for (int users : settings.sweepUsers()) {
              sweep.add(sides.compare("sweep", users, settings.sweepPoint()));
            }
          }
          // the sizes of the measured runs alone
          batchSizes.reset();
          List<Comparison> rounds = new ArrayList<>();
          for (int round = 1; round <= settings.rounds(); round++) {
            rounds.add(sides.compare("round " + round, USERS, settings.measure()));
          }
          main.put(adapter, new Rounds(rounds));
          sizes.put(adapter, batchSizes);
        }
      }
      return new Result(main, sizes, sweep);
    }
  }

  /** One adapter's client twice, without and with collapse, against the same endpoint. */
  private static final class Sides implements AutoCloseable {

    private final SampleApp app;
    private final ClientAdapter adapter;
    private final ClientAdapter.LoadClient without;
    private final ClientAdapter.LoadClient with;

    Sides(SampleApp app, ClientAdapter adapter, BatchSizes batchSizes) {
      this.app = app;
      this.adapter = adapter;
      URI url = app.url("/test/" + ENDPOINT);
      HttpCollapseOptions options =
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/test/noop*"))
              .listener(batchSizes)
              .build();
      this.without = adapter.open(() -> url, null);
      this.with = adapter.open(() -> url, options);
    }

    Comparison compare(String run, int users, Duration duration)
        throws IOException, InterruptedException {
      Measurement withoutCollapse = measure(without, users, duration);
      Measurement withCollapse = measure(with, users, duration);
      Progress.line(
          "%-10s %-8s %3d users: %s",
          adapter.title(), run, users, Progress.describe(withCollapse, withoutCollapse));
      return new Comparison(withCollapse, withoutCollapse);
    }

    private Measurement measure(ClientAdapter.LoadClient client, int users, Duration duration)
        throws IOException, InterruptedException {
      long before = app.executions(ENDPOINT);
      Measurement measured = client.drive(users, duration);
      return measured.withBackendCalls(app.executions(ENDPOINT) - before);
    }

    @Override
    public void close() {
      without.close();
      with.close();
    }
  }
}
