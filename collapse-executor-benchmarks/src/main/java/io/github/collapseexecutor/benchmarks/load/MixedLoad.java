package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The mixed workload's users and their judge of stale reads. Each request is a read
 * ({@code GET}) or, one time in {@value #WRITES_PER_HUNDRED} of 100, a write ({@code POST}) of one
 * of {@code keys} keys drawn at random; the server answers each with a version of the key.
 *
 * <p>A read is stale if the version it got is lower than that of a write to the same key whose
 * response had arrived before the read was sent: such a read went back in time. A write's
 * response raises its key's floor to the version it answered; a read notes its key's floor as it
 * is sent and compares its answer with it. A write whose response arrives while a read is in
 * flight overlapped that read, which may see either version.
 */
final class MixedLoad {

  /** Writes per 100 requests; the others are reads. */
  static final int WRITES_PER_HUNDRED = 5;

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** What a run counted, besides what the closed loop measured. */
  record Counts(long reads, long writes, long staleReads, String firstStale) {}

  private final HttpClient http;
  private final URI base;
  private final int keys;

  /** Per key: the highest version a completed write answered. */
  private final AtomicLongArray floors;

  private final LongAdder reads = new LongAdder();
  private final LongAdder writes = new LongAdder();
  private final LongAdder staleReads = new LongAdder();
  private final AtomicReference<String> firstStale = new AtomicReference<>("");

  /**
   * Users of the keys {@code 0} to {@code keys - 1} under {@code base}, such as
   * {@code http://127.0.0.1:8080/mixed/collapse/}, through {@code http}.
   */
  MixedLoad(HttpClient http, URI base, int keys) {
    if (keys < 1) {
      throw new IllegalArgumentException("keys must be at least 1: " + keys);
    }
    this.http = http;
    this.base = base;
    this.keys = keys;
    this.floors = new AtomicLongArray(keys);
  }

  /** Runs {@code users} closed-loop users of the mixed workload for {@code duration}. */
  Measurement run(int users, Duration duration) throws InterruptedException {
    return ClosedLoop.blocking(users, duration, this::next);
  }

  /** Returns what was counted so far. */
  Counts counts() {
    return new Counts(reads.sum(), writes.sum(), staleReads.sum(), firstStale.get());
  }

  /** Sends one request: a write or a read, of a key drawn at random. */
  void next() throws IOException, InterruptedException {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int key = random.nextInt(keys);
    if (random.nextInt(100) < WRITES_PER_HUNDRED) {
      write(key);
    } else {
      read(key);
    }
  }

  /** Writes {@code key} and raises its floor to the version the response answered. */
  void write(int key) throws IOException, InterruptedException {
    long version =
        send(HttpRequest.newBuilder(url(key)).POST(HttpRequest.BodyPublishers.noBody()), key);
    floors.accumulateAndGet(key, version, Math::max);
    writes.increment();
  }

  /** Reads {@code key} and counts the read as stale if it answered less than the key's floor. */
  void read(int key) throws IOException, InterruptedException {
    // noted before the read is sent: only writes complete by then bind it
    long floor = floors.get(key);
    long version = send(HttpRequest.newBuilder(url(key)).GET(), key);
    reads.increment();
    if (version < floor) {
      staleReads.increment();
      firstStale.compareAndSet(
          "",
          String.format(
              Locale.ROOT,
              "a read of %s sent after a write" + " had answered version %d answered %d",
              url(key),
              floor,
              version));
    }
  }

  private URI url(int key) {
    return base.resolve(Integer.toString(key));
  }

  private long send(HttpRequest.Builder request, int key) throws IOException, InterruptedException {
    HttpRequest built = request.timeout(TIMEOUT).build();
    HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(
          built.method()
              + " "
              + built.uri()
              + " answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
    try {
      return Long.parseLong(response.body().trim());
    } catch (NumberFormatException e) {
      throw new IOException(
          built.method()
              + " "
              + built.uri()
              + " answered no version of key "
              + key
              + ": "
              + response.body(),
          e);
    }
  }
}
