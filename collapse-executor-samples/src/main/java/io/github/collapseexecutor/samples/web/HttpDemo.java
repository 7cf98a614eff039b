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
 * rounds of a closed loop of {@value #THREADS} threads through RestClient, WebClient and OkHttp,
 * without and with collapse, all asking for one user (the store takes {@value #LATENCY_MILLIS} ms
 * per call); then through the servlet filter, comparing {@code /test/noop1} with
 * {@code /test/collapse1} from a client that does not collapse. Stops the application.
 * {@link #explain} turns the results into the demo's table, each row with what it shows and why.
 */
public final class HttpDemo {

  static final int THREADS = 64;
  static final long LATENCY_MILLIS = 5;
  private static final int ROUNDS = 5;
  private static final Duration ROUND_TIME = Duration.ofMillis(300);
  private static final List<String> CLIENTS = List.of("RestClient", "WebClient", "OkHttp");

  private HttpDemo() {}

  /** Returns a line that says what {@link #run()} measures. */
  public static String describe() {
    return String.format(
        "over HTTP, in a Spring Boot application on loopback: %d threads ask for"
            + " one user (the store takes %d ms per call), then call the servlet filter's stress"
            + " endpoints (1 ms)%n%s",
        THREADS, LATENCY_MILLIS, ResultTable.roundsNote(ROUNDS, ROUND_TIME));
  }

  /** Starts the application, runs the loads, stops it and returns the results. */
  public static List<Load.Result> run() throws InterruptedException {
    // arguments, because they win over application-sample.yml; default properties would not
    try (ConfigurableApplicationContext app =
        SampleApplication.builder()
            .run(
                "--server.port=0",
                "--sample.startup-report.enabled=false",
                "--sample.users.latency=" + LATENCY_MILLIS + "ms",
                "--logging.level.io.github.collapseexecutor.samples.web=warn")) {
      List<Load.Result> results = new ArrayList<>();
      UserStore store = app.getBean(UserStore.class);
      for (ComparedClient client : app.getBeanProvider(ComparedClient.class)) {
        if (CLIENTS.contains(client.name())) {
          results.addAll(
              compare(
                  client.name(),
                  store::calls,
                  thread -> client.direct().user(1),
                  thread -> client.collapsing().user(1)));
        }
      }
      RestClient plain = app.getBean("plainRestClient", RestClient.class);
      LocalServer server = app.getBean(LocalServer.class);
      StressTestController stress = app.getBean(StressTestController.class);
      results.addAll(
          compare(
              "servlet filter",
              () -> stress.counter().get("total"),
              thread -> plain.get().uri(server.url("/test/noop1")).retrieve().toBodilessEntity(),
              thread ->
                  plain.get().uri(server.url("/test/collapse1")).retrieve().toBodilessEntity()));
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
      String shared =
          String.format(
              "requests for user 1 in flight share one leader's response:" + " %.1f%% cross HTTP",
              results.get(i + 1).perThousand() / 10);
      table.compared(
          results.get(i),
          "every request crosses HTTP and runs a "
              + LATENCY_MILLIS
              + " ms store call; client and server share this machine's cores",
          results.get(i + 1),
          shared + ", and the CPU and store calls they save raise requests/s",
          shared
              + ", but the rounds overlap: client, server and the machine's other work"
              + " compete for its cores, which then decide requests/s more than the store does");
    }
    String spared =
        String.format(
            "identical requests in flight share one handler run (%.0f%%" + " fewer)",
            100 - results.get(servlet + 1).perThousand() / 10);
    // a waiting request is still a whole HTTP exchange on this machine; only the handler is spared
    return table.compared(
        results.get(servlet),
        "every request runs the 1 ms handler; backend calls here are handler runs",
        results.get(servlet + 1),
        spared + ", and the runs it skips raise requests/s",
        spared
            + "; each request still crosses HTTP on this machine, which costs about what the"
            + " skipped 1 ms run saves, so the gain is in handler runs, not requests/s");
  }

  private static List<Load.Result> compare(
      String name, LongSupplier backendCalls, Load.Call direct, Load.Call collapsing)
      throws InterruptedException {
    return Load.compare(
        name + ", direct",
        name + " + collapse",
        THREADS,
        ROUNDS,
        ROUND_TIME,
        backendCalls,
        direct,
        collapsing);
  }
}
