package io.github.collapseexecutor.benchmarks.load;

import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;

/**
 * Does observe mode tell the truth? One workload in observe mode, then the same in collapse mode,
 * for the servlet filter (the samples' application in a JVM of its own, its actuator on),
 * RestClient and a {@code @Collapsible} method (both in this JVM), at 50 and 400 closed-loop
 * users, each request's work taking 100 ms: the saving observe mode predicted ({@code wouldSave}
 * over the requests) against the one collapse measured (1 - backend calls over the requests).
 * Two workloads: every request for one of {@value #HOT_KEYS} keys, chosen at random; and every
 * request for a key of its own, which must predict and measure 0.
 *
 * <p>Run with {@code java -cp ... io.github.collapseexecutor.benchmarks.load.ObservePrediction
 * [--seconds=N]} (the load harness's class path); prints a Markdown table.
 */
public final class ObservePrediction {

  /** How many keys the hot workload spreads its requests over. */
  static final int HOT_KEYS = 8;

  private static final List<Integer> USERS = List.of(50, 400);
  private static final Duration WORK = Duration.ofMillis(100);
  private static final Path ACTUATOR_CLASS_PATH =
      Path.of("collapse-executor-benchmarks/target/actuator-classpath.txt");

  private ObservePrediction() {}

  /** The keys of a workload's requests. */
  enum Workload {
    HOT("8 hot keys"),
    UNIQUE("no duplicates");

    private final String title;

    Workload(String title) {
      this.title = title;
    }

    LongSupplier keys() {
      AtomicLong next = new AtomicLong();
      return this == HOT
          ? () -> ThreadLocalRandom.current().nextInt(HOT_KEYS)
          : next::incrementAndGet;
    }
  }

  /** What an adapter's side counted so far: requests, saves observe mode predicted, backend calls. */
  record Counts(long requests, long wouldSave, long backendCalls) {

    Counts minus(Counts before) {
      return new Counts(
          requests - before.requests,
          wouldSave - before.wouldSave,
          backendCalls - before.backendCalls);
    }
  }

  /** One adapter in one mode, driven by closed-loop users. */
  interface Side extends AutoCloseable {

    /** Sends one request for {@code key} and waits for its answer. */
    void call(long key) throws Exception;

    Counts counts() throws Exception;

    @Override
    void close() throws Exception;
  }

  /** One line of the table. */
  record Row(String adapter, int users, Workload workload, Counts observed, Counts collapsed) {

    double predicted() {
      return observed.requests == 0 ? 0 : (double) observed.wouldSave / observed.requests;
    }

    double measured() {
      return collapsed.requests == 0 ? 0 : 1 - (double) collapsed.backendCalls / collapsed.requests;
    }
  }

  public static void main(String[] args) throws Exception {
    Duration duration = Duration.ofSeconds(10);
    for (String arg : args) {
      if (arg.startsWith("--seconds=")) {
        duration = Duration.ofSeconds(Long.parseLong(arg.substring("--seconds=".length())));
      } else {
        System.err.println("usage: ObservePrediction [--seconds=N]; unknown: " + arg);
        System.exit(2);
      }
    }
    Path logs = Files.createTempDirectory("observe-prediction");
    List<Row> rows = new ArrayList<>();
    rows.addAll(compare("servlet filter", observe -> servlet(observe, logs), duration));
    rows.addAll(compare("RestClient", ObservePrediction::restClient, duration));
    rows.addAll(compare("@Collapsible", ObservePrediction::collapsible, duration));
    System.out.println(table(rows, duration));
  }

  /** Opens an adapter's side, observing or collapsing. */
  @FunctionalInterface
  interface Opening {
    Side open(boolean observe) throws Exception;
  }

  /** Every workload and number of users through {@code opening}'s sides, observing then not. */
  static List<Row> compare(String adapter, Opening opening, Duration duration) throws Exception {
    Map<Boolean, List<Counts>> byMode = new HashMap<>();
    for (boolean observe : List.of(true, false)) {
      List<Counts> counts = new ArrayList<>();
      try (Side side = opening.open(observe)) {
        run(side, 50, Duration.ofSeconds(2), Workload.HOT.keys());
        for (int users : USERS) {
          for (Workload workload : Workload.values()) {
            Counts before = side.counts();
            run(side, users, duration, workload.keys());
            counts.add(side.counts().minus(before));
            Progress.line(
                "observe  %s, %s, %d users, %s: %s",
                adapter,
                observe ? "observe" : "collapse",
                users,
                workload.title,
                counts.get(counts.size() - 1));
          }
        }
      }
      byMode.put(observe, counts);
    }
    List<Row> rows = new ArrayList<>();
    int i = 0;
    for (int users : USERS) {
      for (Workload workload : Workload.values()) {
        rows.add(
            new Row(adapter, users, workload, byMode.get(true).get(i), byMode.get(false).get(i)));
        i++;
      }
    }
    return rows;
  }

  private static void run(Side side, int users, Duration duration, LongSupplier keys)
      throws InterruptedException {
    ClosedLoop.blocking(users, duration, () -> side.call(keys.getAsLong()));
  }

  static String table(List<Row> rows, Duration duration) {
    StringBuilder table =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%d s per side, work 100 ms per request%n%n"
                    + "| adapter | users | workload | requests, observe | predicted saving"
                    + " | requests, collapse | measured saving |%n"
                    + "| --- | ---: | --- | ---: | ---: | ---: | ---: |%n",
                duration.toSeconds()));
    for (Row row : rows) {
      table.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %d | %.1f%% | %d | %.1f%% |%n",
              row.adapter,
              row.users,
              row.workload.title,
              row.observed.requests,
              100 * row.predicted(),
              row.collapsed.requests,
              100 * row.measured()));
    }
    return table.toString();
  }

  /** The samples' application, its servlet filter observing or collapsing /test/collapse100. */
  private static Side servlet(boolean observe, Path logs) throws Exception {
    List<String> arguments = new ArrayList<>();
    arguments.add("--management.endpoints.web.exposure.include=collapse");
    if (observe) {
      arguments.add("--collapse.executor.servlet.mode=observe");
    }
    SampleApp app =
        SampleApp.start(
            "observe-" + (observe ? "observe" : "collapse"),
            SampleApp.JVM_OPTIONS,
            logs,
            InetSocketAddress.createUnresolved("127.0.0.1", Loopback.freePort()),
            arguments,
            Files.readString(ACTUATOR_CLASS_PATH).strip());
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    LongAdder requests = new LongAdder();
    return new Side() {
      @Override
      public void call(long key) throws Exception {
        HttpResponse<Void> response =
            http.send(
                HttpRequest.newBuilder(app.url("/test/collapse100?key=" + key)).GET().build(),
                HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() != 200) {
          throw new IOException("answered " + response.statusCode());
        }
        requests.increment();
      }

      @Override
      public Counts counts() throws Exception {
        String endpoint = Loopback.get(app.url("/actuator/collapse/servlet"));
        // the first is the adapter's own, before its groups'
        Matcher wouldSave = Pattern.compile("\"wouldSave\":(\\d+)").matcher(endpoint);
        return new Counts(
            requests.sum(),
            wouldSave.find() ? Long.parseLong(wouldSave.group(1)) : 0,
            app.executions("collapse100"));
      }

      @Override
      public void close() {
        app.close();
      }
    };
  }

  /** RestClient through its interceptor, observing or collapsing, to a backend in this JVM. */
  private static Side restClient(boolean observe) throws IOException {
    LongAdder calls = new LongAdder();
    HttpServer backend =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
    ExecutorService pool = Executors.newCachedThreadPool();
    backend.setExecutor(pool);
    backend.createContext(
        "/item",
        exchange -> {
          calls.increment();
          work();
          byte[] body = "item".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "text/plain");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    backend.start();
    CollapseHttpRequestInterceptor interceptor =
        new CollapseHttpRequestInterceptor(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/item"))
                .observeOnly(observe)
                .build());
    RestClient client = ClientAdapter.restClientBuilder().requestInterceptor(interceptor).build();
    URI base = URI.create("http://127.0.0.1:" + backend.getAddress().getPort());
    return new Side() {
      @Override
      public void call(long key) {
        client.get().uri(base.resolve("/item?key=" + key)).retrieve().body(byte[].class);
      }

      @Override
      public Counts counts() {
        HttpCollapseStats stats = interceptor.stats();
        long requests = stats.passedThrough() + stats.led() + stats.replayed() + stats.fellBack();
        return new Counts(requests, stats.wouldSave(), calls.sum());
      }

      @Override
      public void close() {
        interceptor.close();
        backend.stop(0);
        pool.shutdownNow();
      }
    };
  }

  /** A {@code @Collapsible} method whose executor observes or collapses. */
  private static Side collapsible(boolean observe) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    Heard heard = new Heard();
    context.registerBean(Heard.class, () -> heard);
    context.registerBean(
        NamedExecutors.class,
        () ->
            new NamedExecutors(
                Map.of(
                    NamedExecutors.DEFAULT,
                    NamedExecutor.builder(
                            NamedExecutors.DEFAULT,
                            CollapseExecutorOptions.builder().name(NamedExecutors.DEFAULT).build())
                        .build(),
                    "items",
                    NamedExecutor.builder(
                            "items",
                            CollapseExecutorOptions.builder().name("items").listener(heard).build())
                        .observeOnly(observe)
                        .build())));
    context.register(Wiring.class);
    context.registerBean(Items.class);
    context.refresh();
    Items items = context.getBean(Items.class);
    return new Side() {
      @Override
      public void call(long key) {
        items.item(key);
        heard.requests.increment();
      }

      @Override
      public Counts counts() {
        return new Counts(heard.requests.sum(), heard.wouldSave.sum(), items.runs().sum());
      }

      @Override
      public void close() {
        context.close();
      }
    };
  }

  /** Counts the saves an observing executor reports. */
  static final class Heard implements CollapseListener {

    final LongAdder requests = new LongAdder();
    final LongAdder wouldSave = new LongAdder();

    @Override
    public void callObserved(String executorName, boolean wouldJoin, @Nullable String unshared) {
      if (wouldJoin && unshared == null) {
        wouldSave.increment();
      }
    }
  }

  /** Collapsing on. */
  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Wiring {}

  /** The annotated bean: each run takes the work's time. */
  public static class Items {

    private final LongAdder runs = new LongAdder();

    /** Public, so that the proxy hands the call to the bean, whose field is set. */
    public LongAdder runs() {
      return runs;
    }

    @Collapsible(executor = "items")
    public String item(long key) {
      runs.increment();
      work();
      return "item " + key;
    }
  }

  private static void work() {
    try {
      Thread.sleep(WORK.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
