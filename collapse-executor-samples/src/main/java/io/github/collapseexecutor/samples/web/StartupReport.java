package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.batch.BlockingUserLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * Once the application has started, makes {@value #CALLERS} concurrent calls through each client,
 * without and with collapse, and prints how many reached the backend. Off with
 * {@code sample.startup-report.enabled=false}, as load tests want it.
 */
@Component
@ConditionalOnBooleanProperty(name = "sample.startup-report.enabled", matchIfMissing = true)
final class StartupReport implements ApplicationRunner {

  static final int CALLERS = 50;

  /** The backend calls that {@value #CALLERS} concurrent calls made without and with collapse. */
  record Row(String name, long direct, long collapsing) {}

  /** A set of concurrent calls whose backend calls are counted. */
  @FunctionalInterface
  private interface Calls {
    void run() throws Exception;
  }

  private final List<ComparedClient> clients;
  private final UserStore store;
  private final StressTestController stress;
  private final RestClient plainRestClient;
  private final BlockingUserLoader userLoader;
  private final LocalServer server;

  StartupReport(
      List<ComparedClient> clients,
      UserStore store,
      StressTestController stress,
      RestClient plainRestClient,
      BlockingUserLoader userLoader,
      LocalServer server) {
    this.clients = clients;
    this.store = store;
    this.stress = stress;
    this.plainRestClient = plainRestClient;
    this.userLoader = userLoader;
    this.server = server;
  }

  @Override
  public void run(ApplicationArguments args) throws Exception {
    print(measure());
  }

  /** Makes the calls and returns a row per client, the servlet filter and the batch loader. */
  List<Row> measure() throws Exception {
    List<Row> rows = new ArrayList<>();
    for (ComparedClient client : clients) {
      rows.add(
          new Row(
              client.name() + " GET /user/1",
              count(store::calls, () -> concurrently(caller -> client.direct().user(1))),
              count(store::calls, () -> concurrently(caller -> client.collapsing().user(1)))));
    }
    rows.add(
        new Row(
            "servlet filter GET /test/*100",
            count(
                () -> stress.counter().get("noop100"),
                () -> concurrently(caller -> get("/test/noop100"))),
            count(
                () -> stress.counter().get("collapse100"),
                () -> concurrently(caller -> get("/test/collapse100")))));
    UserClient single = clients.get(0).direct();
    rows.add(
        new Row(
            "batch loader, users 1-" + CALLERS,
            count(store::calls, () -> concurrently(caller -> single.user(caller + 1))),
            count(store::calls, () -> concurrently(caller -> userLoader.getUser(caller + 1)))));
    return rows;
  }

  private static long count(LongSupplier backendCalls, Calls calls) throws Exception {
    long before = backendCalls.getAsLong();
    calls.run();
    return backendCalls.getAsLong() - before;
  }

  private static void concurrently(Callers.Call<?> call) throws Exception {
    Callers.runConcurrently(CALLERS, call);
  }

  private String get(String path) {
    return plainRestClient.get().uri(server.url(path)).retrieve().body(String.class);
  }

  private static void print(List<Row> rows) {
    System.out.printf("%n%d concurrent calls each, and the backend calls they made:%n", CALLERS);
    System.out.printf("%-30s %17s %14s%n", "", "without collapse", "with collapse");
    for (Row row : rows) {
      System.out.printf("%-30s %17d %14d%n", row.name(), row.direct(), row.collapsing());
    }
    System.out.println();
  }
}
