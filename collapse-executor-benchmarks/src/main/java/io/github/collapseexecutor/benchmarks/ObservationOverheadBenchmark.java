package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.adapter.BlockingClientCollapser;
import io.github.collapseexecutor.http.adapter.ClientDriver;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import io.github.collapseexecutor.http.adapter.SharedRounds;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * What observing shared calls costs a request that finds no identical one in flight: one thread
 * sends GET requests one at a time through the collapse protocol of the blocking client adapters
 * (RestClient, RestTemplate, OkHttp), over an in-memory driver whose 64-byte response is ready
 * at once, so every request leads a shared call of its own and nothing but the protocol is
 * measured. The request has no observation of its own, as a client without instrumentation.
 *
 * <p>{@code registry}: {@code none} (no registry in the options: nothing is observed),
 * {@code noop} ({@link ObservationRegistry#NOOP}, what an application without a handler has) or
 * {@code meters} (a registry with Spring Boot's default handler, a
 * {@link DefaultMeterObservationHandler} on a {@link SimpleMeterRegistry}, which times every
 * shared call and keeps a long task timer of the calls in progress) or
 * {@code meters-without-ltt} (the same handler without the long task timer, what
 * {@code management.metrics.observations.ignored-meters=long-task-timer} gives). {@link #direct()} is the baseline: the driver alone, without collapse.
 *
 * <p>{@link #sharedByEight()} measures what each caller adds: eight requests with an observation
 * of their own each (started once, as a client's {@code http.client.requests}) go through the
 * protocol on one thread; the first leads, the other seven join, the leader shares a response and
 * the seven are answered with it. Its cost is the protocol's, the shared call's observation, and
 * the keys that each request's observation gets.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class ObservationOverheadBenchmark {

  @Param({"none", "noop", "meters", "meters-without-ltt"})
  public String registry;

  private static final byte[] BODY =
      "{\"id\":42,\"name\":\"Ada Lovelace\",\"team\":\"engines\"}  "
          .getBytes(StandardCharsets.US_ASCII);
  private static final List<Map.Entry<String, String>> HEADERS =
      List.of(Map.entry("Content-Type", "application/json"));

  private final RequestHeaders request = RequestHeaders.of(name -> List.of(), List::of);
  private final InMemoryDriver driver = new InMemoryDriver();
  private BlockingClientCollapser collapser;
  private SharedRounds rounds;
  private Observation[] callers;
  private RequestTarget target;
  private CollapseKey key;

  /** Builds the adapter's protocol with the registry of the run. */
  @Setup
  public void setUp() {
    HttpCollapseOptions.Builder options =
        HttpCollapseOptions.builder().name("users").group(CollapseGroup.ofUris("/user/*"));
    ObservationRegistry observations =
        switch (registry) {
          case "none" -> ObservationRegistry.NOOP;
          case "noop" -> ObservationRegistry.NOOP;
          case "meters" -> meters(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
          case "meters-without-ltt" ->
              meters(
                  new DefaultMeterObservationHandler(
                      new SimpleMeterRegistry(), IgnoredMeters.LONG_TASK_TIMER));
          default -> throw new IllegalArgumentException("registry: " + registry);
        };
    if (!registry.equals("none")) {
      options.observations(CollapseObservations.of(observations));
    }
    collapser = new BlockingClientCollapser(options.build(), "benchmark");
    target =
        RequestTarget.builder("GET", URI.create("http://users.internal/user/42"))
            .headers(request)
            .build();
    key = collapser.rules().keyFor(target);
    rounds = new SharedRounds(options.build(), key, request, 200, HEADERS, BODY);
    callers = new Observation[8];
    for (int i = 0; i < callers.length; i++) {
      callers[i] = Observation.start("http.client.requests", observations);
    }
  }

  private static ObservationRegistry meters(DefaultMeterObservationHandler handler) {
    ObservationRegistry meters = ObservationRegistry.create();
    meters.observationConfig().observationHandler(handler);
    return meters;
  }

  @TearDown
  public void tearDown() {
    collapser.close();
    rounds.close();
    for (Observation caller : callers) {
      caller.stop();
    }
  }

  /** One request through the protocol: it leads, shares its response and gets its copy. */
  @Benchmark
  public Response collapsed() throws Exception {
    return collapser.execute(target, driver);
  }

  /** Eight requests share one call: one leads, seven join and are answered with its response. */
  @Benchmark
  public int sharedByEight() {
    return rounds.round(callers);
  }

  /** The baseline: the driver alone. */
  @Benchmark
  public Response direct() {
    return driver.send();
  }

  /** A response as a client library would hold it. */
  public record Response(int status, List<Map.Entry<String, String>> headers, InputStream body) {}

  /** A client whose every call answers at once with the same small JSON body. */
  private static final class InMemoryDriver implements ClientDriver.Blocking<Response> {

    @Override
    public Response send() {
      return new Response(200, HEADERS, new ByteArrayInputStream(BODY));
    }

    @Override
    public Head head(Response response) {
      return Head.of(response.status(), null, response.headers());
    }

    @Override
    public InputStream body(Response response) {
      return response.body();
    }

    @Override
    public Response withBody(Response response, InputStream body) {
      return new Response(response.status(), response.headers(), body);
    }

    @Override
    public void close(Response response) {}

    @Override
    public Response replay(SharedResponse shared) {
      return new Response(shared.status(), shared.headers(), shared.bodyStream());
    }
  }
}
