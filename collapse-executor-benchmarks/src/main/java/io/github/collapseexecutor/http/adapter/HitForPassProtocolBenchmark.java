package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a refused response for a new key costs the collapse protocol as a whole, with the
 * hit-for-pass table empty and full: the request's key is built, the request leads its call, its
 * response is refused (a {@code Set-Cookie} answer, say), and the next request with that key
 * passes by hit-for-pass. The same measurement as {@link HitForPassTableBenchmark}, with
 * everything else a refused request does around the table; no network and no client library.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class HitForPassProtocolBenchmark {

  /** The requests of one measurement: an empty table of any size stays below full. */
  static final int REQUESTS = 10_000;

  private static final RequestHeaders NO_HEADERS = RequestHeaders.of(name -> List.of(), List::of);

  @Param({"10000", "100000", "1000000"})
  public int keys;

  @Param({"empty", "full"})
  public String table;

  private CollapseProtocol protocol;
  private URI[] fresh;
  private long next;

  /** A protocol with one group for every path, its table filled when it is full. */
  @Setup(Level.Iteration)
  public void setUp() {
    protocol =
        new CollapseProtocol(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/**"))
                .hitForPassTtl(Duration.ofMinutes(1))
                .hitForPassMaxKeys(keys)
                .build(),
            "hit-for-pass");
    if (table.equals("full")) {
      for (int i = 0; i < keys; i++) {
        refuse(uri());
      }
    }
    fresh = new URI[REQUESTS];
    for (int i = 0; i < REQUESTS; i++) {
      fresh[i] = uri();
    }
  }

  @TearDown(Level.Iteration)
  public void tearDown() {
    protocol.close();
  }

  private URI uri() {
    return URI.create("https://users.internal/user/" + next++);
  }

  private CollapseKey refuse(URI uri) {
    CollapseKey key =
        protocol.rules().keyFor(RequestTarget.builder("GET", uri).headers(NO_HEADERS).build());
    ((Lead) protocol.join(key, NO_HEADERS)).refuse(UnsharedReason.SET_COOKIE);
    return key;
  }

  /** Refuses a response for each of {@link #REQUESTS} new keys; the next request passes. */
  @Benchmark
  @OperationsPerInvocation(REQUESTS)
  public void refuseNewKeys(Blackhole blackhole) {
    for (URI uri : fresh) {
      CollapseKey key = refuse(uri);
      blackhole.consume(protocol.join(key, NO_HEADERS));
    }
  }
}
