package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.Load;
import io.github.collapseexecutor.samples.ResultTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.client.RestClient;

/**
 * The HTTP part of the demo: starts {@link SampleApplication} on a random port, quietly, and runs
 * a short closed loop of {@value #THREADS} threads through RestClient, WebClient and OkHttp,
 * without and with collapse, all asking for one user (the store takes {@value #LATENCY_MILLIS} ms
 * per call); then through the servlet filter, comparing {@code /test/noop1} with
 * {@code /test/collapse1} from a client that does not collapse. Stops the application.
 * {@link #explain} turns the results into the demo's table, each row with what it shows and why.
 */
public final class HttpDemo {

  static final int THREADS = 64;
  static final long LATENCY_MILLIS = 5;
  private static final Duration RUN_TIME = Duration.ofSeconds(1);
  private static final Duration WARM_UP = Duration.ofMillis(300);
  private static final List<String> CLIENTS = List.of("RestClient", "WebClient", "OkHttp");

  private HttpDemo() {}

  /** Returns a line that says what {@link #run()} measures. */
  public static String describe() {
    return String.format("over HTTP, in a Spring Boot application on loopback: %d threads for %d s"
        + " each ask for one user (the store takes %d ms per call), then call the servlet filter's"
        + " stress endpoints (1 ms)", THREADS, RUN_TIME.toSeconds(), LATENCY_MILLIS);
  }

  /** Starts the application, runs the loads, stops it and returns the results. */
  public static List<Load.Result> run() throws InterruptedException {
    // arguments, because they win over application-sample.yml; default properties would not
    try (ConfigurableApplicationContext app = SampleApplication.builder().run(
        "--server.port=0",
        "--sample.startup-report.enabled=false",
        "--sample.users.latency=" + LATENCY_MILLIS + "ms",
        "--logging.level.io.github.collapseexecutor.samples.web=warn")) {
      List<Load.Result> results = new ArrayList<>();
      UserStore store = app.getBean(UserStore.class);
      for (ComparedClient client : app.getBeanProvider(ComparedClient.class)) {
        if (CLIENTS.contains(client.name())) {
          results.addAll(compare(client.name(), store::calls,
              thread -> client.direct().user(1), thread -> client.collapsing().user(1)));
        }
      }
      RestClient plain = app.getBean("plainRestClient", RestClient.class);
      LocalServer server = app.getBean(LocalServer.class);
      StressTestController stress = app.getBean(StressTestController.class);
      results.addAll(compare("servlet filter", () -> stress.counter().get("total"),
          thread -> plain.get().uri(server.url("/test/noop1")).retrieve().toBodilessEntity(),
          thread -> plain.get().uri(server.url("/test/collapse1")).retrieve().toBodilessEntity()));
      return results;
    }
  }

  /**
   * Returns the table of {@code results}, as {@link #run()} returned them: a direct and a
   * collapsing row per client, then the servlet filter's, each with what it shows and why.
   */
  public static ResultTable explain(List<Load.Result> results) {
    ResultTable table = new ResultTable(ResultTable.Columns.REQUESTS);
    int servlet = results.size() - 2;
    for (int i = 0; i < servlet; i += 2) {
      table.row(results.get(i), "every request crosses HTTP and runs a " + LATENCY_MILLIS
          + " ms store call; client and server share this machine's cores");
      table.row(results.get(i + 1), String.format("requests for user 1 in flight share one"
          + " leader's response: %.1f%% cross HTTP, and the CPU they save raises requests/s",
          results.get(i + 1).perThousand() / 10));
    }
    table.row(results.get(servlet),
        "every request runs the 1 ms handler; backend calls here are handler runs");
    // a waiting request is still a whole HTTP exchange on this machine; only the handler is spared
    return table.row(results.get(servlet + 1), String.format("identical requests in flight"
        + " share one handler run (%.0f%% fewer); each still crosses HTTP here, so requests/s"
        + " gains only what the skipped runs cost", 100 - results.get(servlet + 1).perThousand()
        / 10));
  }

  private static List<Load.Result> compare(String name, LongSupplier backendCalls,
      Load.Call direct, Load.Call collapsing) throws InterruptedException {
    // unmeasured first rounds, so that neither variant pays for the JIT's warm-up alone
    Load.run("warm-up", THREADS, WARM_UP, backendCalls, direct);
    Load.run("warm-up", THREADS, WARM_UP, backendCalls, collapsing);
    return List.of(Load.run(name + ", direct", THREADS, RUN_TIME, backendCalls, direct),
        Load.run(name + " + collapse", THREADS, RUN_TIME, backendCalls, collapsing));
  }
}
