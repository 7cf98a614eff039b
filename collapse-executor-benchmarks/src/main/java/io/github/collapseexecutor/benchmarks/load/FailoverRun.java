package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.HdrHistogram.Histogram;

/**
 * The load of the failover case on the instances of one fleet: {@value #USERS} closed-loop users
 * in the harness's process (OkHttp) send the same request, {@code GET} {@value #PATH}, to each
 * instance in turn, all with the {@code Host} of the first, as a balancer in front of them would
 * forward it (the servlet filter's key holds it); the handler behind the filter sleeps 100 ms
 * and counts its runs. A phase reads the instances every {@link FailoverTimeline#POLL} while the
 * users run, and makes the fault in the middle.
 */
final class FailoverRun implements AutoCloseable {

  /** Closed-loop users, ten per instance of three. */
  static final int USERS = 30;

  /** The request every user sends: one collapse key. */
  static final String PATH = "/test/collapse100?key=failover";

  private static final String ENDPOINT = "collapse100";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final Duration COORDINATING_LIMIT = Duration.ofSeconds(60);

  /** What a phase does to the tier's Redis. */
  @FunctionalInterface
  interface Fault {
    void make() throws IOException, InterruptedException;
  }

  private final OkHttpClient http =
      new OkHttpClient.Builder()
          .connectionPool(new ConnectionPool(USERS, 1, TimeUnit.MINUTES))
          .connectTimeout(Duration.ofSeconds(5))
          .readTimeout(TIMEOUT)
          .build();
  private final List<SampleApp> instances;
  private final List<Request> requests;
  private final AtomicLong sent = new AtomicLong();

  FailoverRun(List<SampleApp> instances) {
    this.instances = List.copyOf(instances);
    String host = Loopback.text(instances.get(0).address());
    this.requests =
        instances.stream()
            .map(
                instance ->
                    new Request.Builder()
                        .url(instance.url(PATH).toString())
                        .header("Host", host)
                        .build())
            .toList();
  }

  /** Runs the users for {@code duration}, unmeasured: the JIT, the pools, the tier's keys. */
  void warmUp(Duration duration) throws InterruptedException {
    ClosedLoop.blocking(USERS, duration, this::request);
  }

  /**
   * Waits, at most a minute, until every instance's tier says {@code coordinating}; returns
   * whether they all did.
   */
  boolean awaitCoordinating() throws InterruptedException {
    long deadline = System.nanoTime() + COORDINATING_LIMIT.toNanos();
    while (!readings().stream().allMatch(FleetReading::coordinating)) {
      if (System.nanoTime() - deadline > 0) {
        return false;
      }
      Thread.sleep(FailoverTimeline.POLL.toMillis());
    }
    return true;
  }

  /**
   * Runs the users for {@code before} plus {@code after}, reading the instances every poll, and
   * makes {@code fault} once {@code before} has passed; writes the readings to {@code readings}
   * ({@link FailoverTimeline#csv()}).
   */
  FailoverPhase run(
      String topology,
      String faultName,
      Duration before,
      Duration after,
      Fault fault,
      Path readings)
      throws IOException, InterruptedException {
    FailoverTimeline timeline = new FailoverTimeline();
    long poll = FailoverTimeline.POLL.toNanos();
    long start = System.nanoTime();
    ClosedLoop loop = ClosedLoop.startBlocking(USERS, before.plus(after), this::request);
    timeline.add(tick(loop));
    boolean faulted = false;
    // the last reading a poll before the users stop, so that every interval is under load
    long lastReading = start + before.plus(after).toNanos() - poll;
    // a reading that came late moves the next one on, rather than two close together, whose
    // interval may be too short to see a call joined
    for (long next = start + poll;
        next <= lastReading;
        next = Math.max(next + poll, System.nanoTime() + poll / 2)) {
      TimeUnit.NANOSECONDS.sleep(next - System.nanoTime());
      timeline.add(tick(loop));
      if (!faulted && System.nanoTime() - start >= before.toNanos()) {
        long at = System.nanoTime();
        fault.make();
        timeline.fault(at);
        faulted = true;
        Progress.line("fleet-failover  %s: %s", topology, faultName);
      }
    }
    loop.finish();
    Files.createDirectories(readings.getParent());
    Files.writeString(readings, timeline.csv());
    Throwable error = loop.firstError();
    return timeline.phase(topology, faultName, error == null ? "" : error.toString());
  }

  private FailoverTimeline.Tick tick(ClosedLoop loop) throws IOException, InterruptedException {
    long nanos = System.nanoTime();
    long requests = loop.requests();
    long errors = loop.errors();
    Histogram latencies = loop.latenciesSinceLastRead();
    List<FleetReading> readings = readings();
    long calls = 0;
    for (SampleApp instance : instances) {
      calls += instance.executions(ENDPOINT);
    }
    return new FailoverTimeline.Tick(nanos, requests, errors, calls, readings, latencies);
  }

  private List<FleetReading> readings() throws InterruptedException {
    List<FleetReading> readings = new ArrayList<>();
    for (SampleApp instance : instances) {
      readings.add(FleetReading.of(instance));
    }
    return readings;
  }

  /** Sends the request to the next instance in turn; anything but 200 fails it. */
  private void request() throws IOException {
    Request request = requests.get((int) (sent.getAndIncrement() % requests.size()));
    try (Response response = http.newCall(request).execute()) {
      if (response.code() != 200) {
        throw new IOException("GET " + request.url() + " answered " + response.code());
      }
      response.body().bytes();
    }
  }

  /** Stops the client's threads and connections. */
  @Override
  public void close() {
    http.dispatcher().executorService().shutdown();
    http.connectionPool().evictAll();
  }
}
