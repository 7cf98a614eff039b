package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.adapter.BlockingClientCollapser;
import io.github.collapseexecutor.http.adapter.ClientDriver;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What observe mode adds to a call over the library being off: a client call whose backend
 * answers at once (no network), made directly ({@code off}, the baseline) or through a blocking
 * collapser that only observes ({@code observe}): the request's key is built, the call is counted
 * as the first of its key or as one that would join, and the response's headers are read by the
 * sharing rules. {@code keys} is how many distinct keys the calls cycle through: with {@code 1},
 * concurrent calls (run with {@code -t 8}) would join each other; with {@code 1024}, rarely.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class ObserveOverheadBenchmark {

  private static final RequestHeaders NO_HEADERS = RequestHeaders.of(name -> List.of(), List::of);

  private static final ClientDriver.Head HEAD =
      ClientDriver.Head.of(
          200,
          "OK",
          List.of(
              Map.entry("Content-Type", "application/json"),
              Map.entry("Content-Length", "42"),
              Map.entry("Cache-Control", "max-age=60")));

  @Param({"off", "observe"})
  public String mode;

  @Param({"1", "1024"})
  public int keys;

  private URI[] uris;
  private BlockingClientCollapser collapser;
  private final AtomicInteger next = new AtomicInteger();

  @Setup
  public void setUp() {
    uris = new URI[keys];
    for (int i = 0; i < keys; i++) {
      uris[i] = URI.create("https://catalog.internal/products/" + i + "?fields=price");
    }
    collapser =
        new BlockingClientCollapser(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/products/*"))
                .observeOnly(true)
                .build(),
            "observe");
  }

  @TearDown
  public void tearDown() {
    collapser.close();
  }

  /** One call, through the collapser when observing, else straight to the backend. */
  @Benchmark
  public String call() throws Exception {
    URI uri = uris[next.getAndIncrement() & (keys - 1)];
    Backend backend = new Backend(uri);
    if (mode.equals("off")) {
      return backend.send();
    }
    return collapser.execute(
        RequestTarget.builder("GET", uri).headers(NO_HEADERS).build(), backend);
  }

  /** A backend that answers at once with the request's path. */
  private record Backend(URI uri) implements Answering {

    @Override
    public String send() {
      return uri.getPath();
    }
  }

  /**
   * A backend whose response is what {@link #send()} returns, with a 200 head and no body: what
   * observing reads of a response and nothing more, as nothing is replayed when observing only.
   */
  public interface Answering extends ClientDriver.Blocking<String> {

    @Override
    default Head head(String response) {
      return HEAD;
    }

    @Override
    default InputStream body(String response) {
      return new ByteArrayInputStream(new byte[0]);
    }

    @Override
    default String withBody(String response, InputStream body) {
      return response;
    }

    @Override
    default void close(String response) {}

    @Override
    default String replay(SharedResponse shared) {
      throw new IllegalStateException("nothing is replayed when observing only");
    }
  }
}
