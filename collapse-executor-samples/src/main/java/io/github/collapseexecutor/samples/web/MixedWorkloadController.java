package io.github.collapseexecutor.samples.web;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Endpoints for a load test of reads and writes: a version per key, as a database row would hold
 * it. {@code GET /mixed/{side}/{key}} reads the key's version, then takes
 * {@code sample.mixed.read-latency} (default 100 ms) as a query would, and answers the version it
 * read: what a database read would have seen at its start. {@code POST /mixed/{side}/{key}} takes
 * {@code sample.mixed.write-latency} (default 2 ms), then increments the version and answers the
 * new one. Keys are 0 to {@value #KEYS_PER_SIDE}-1.
 *
 * <p>The servlet filter's collapse groups cover {@code /mixed/collapse/*} only: the two sides,
 * {@code collapse} and {@code noop}, keep versions and counts of their own, so a load test can run
 * the same workload with and without collapse. {@code GET /mixed/counter} returns how often each
 * side's read handler ran ({@code collapse}, {@code noop}) and its writes
 * ({@code collapse-writes}, {@code noop-writes}).
 */
@RestController
@RequestMapping("/mixed")
final class MixedWorkloadController {

  /** The sides, each the first path segment after {@code /mixed}. */
  static final List<String> SIDES = List.of("collapse", "noop");

  /** How many keys each side holds; a bound on what a request can make the application keep. */
  static final int KEYS_PER_SIDE = 100;

  private final Duration readLatency;
  private final Duration writeLatency;
  private final Map<String, AtomicLongArray> versions = new LinkedHashMap<>();
  private final Map<String, AtomicLong> counts = new LinkedHashMap<>();

  MixedWorkloadController(
      @Value("${sample.mixed.read-latency:100ms}") Duration readLatency,
      @Value("${sample.mixed.write-latency:2ms}") Duration writeLatency) {
    this.readLatency = readLatency;
    this.writeLatency = writeLatency;
    for (String side : SIDES) {
      versions.put(side, new AtomicLongArray(KEYS_PER_SIDE));
      counts.put(side, new AtomicLong());
      counts.put(side + "-writes", new AtomicLong());
    }
  }

  @GetMapping("/{side:collapse|noop}/{key:\\d{1,2}}")
  long read(@PathVariable("side") String side, @PathVariable("key") int key)
      throws InterruptedException {
    counts.get(side).incrementAndGet();
    // read first, then take the query's time: the answer is the state at the read's start
    long version = versions.get(side).get(key);
    Thread.sleep(readLatency.toMillis());
    return version;
  }

  @PostMapping("/{side:collapse|noop}/{key:\\d{1,2}}")
  long write(@PathVariable("side") String side, @PathVariable("key") int key)
      throws InterruptedException {
    counts.get(side + "-writes").incrementAndGet();
    Thread.sleep(writeLatency.toMillis());
    return versions.get(side).incrementAndGet(key);
  }

  @GetMapping("/counter")
  Map<String, Long> counter() {
    Map<String, Long> snapshot = new LinkedHashMap<>();
    counts.forEach((name, count) -> snapshot.put(name, count.get()));
    return snapshot;
  }
}
