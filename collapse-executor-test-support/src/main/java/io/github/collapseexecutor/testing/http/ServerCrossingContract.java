package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.HandOverFleet;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What crosses between instances of a server application through the fleet tier: a request on
 * one instance that gets the response another instance's handler produced gets what its own run
 * would have given it, or else runs the handler itself. A server's fleet key holds the local
 * port, so the two instances are two collapse filters, with equal options and one
 * {@link HandOverFleet}, behind one port of one server; a filter in front of them passes each
 * request to the one the case chose before sending it. A third collapse filter, without the
 * tier, is the reference: what a request gets from an instance of its own. The application is
 * {@link CrossingApplication}, behind a filter before all three that sets a header of each
 * caller's own. The cases need no Redis.
 */
public interface ServerCrossingContract {

  /** Returns the fixture that starts the server of a case. */
  Fixture fixture();

  /** The instances behind the server's one port. */
  enum Instance {
    /** The collapse filter without the tier. */
    REFERENCE,
    /** The collapse filter whose calls hand their responses to the tier. */
    FIRST,
    /** The collapse filter that gets, from the tier, what the first handed over. */
    SECOND
  }

  /** Starts a server for the cases. */
  @FunctionalInterface
  interface Fixture {

    /**
     * Starts, on a loopback port, a server whose filters are, in order: one that sets
     * {@link CrossingApplication#outerHeaders} on the response and passes the request on; one
     * that passes it to the collapse filter of the instance the case chose last
     * ({@link Routed#routeTo}) and keeps that choice for the rest of the request; and behind
     * that, the handler, which writes {@link CrossingApplication#answer} for the request's path.
     * The collapse filters of {@link Instance#FIRST} and {@link Instance#SECOND} each take
     * {@code tiered}; that of {@link Instance#REFERENCE} takes {@code alone}.
     */
    Routed start(HttpCollapseOptions tiered, HttpCollapseOptions alone, CrossingApplication app)
        throws Exception;
  }

  /** A started server of the cases. */
  interface Routed extends AutoCloseable {

    /** Returns the port the server listens on, on 127.0.0.1. */
    int port();

    /** Sends each next request to the collapse filter of {@code instance}. */
    void routeTo(Instance instance);

    /** Returns the counters of the collapse filter of {@code instance}. */
    HttpCollapseStats stats(Instance instance);

    /** Stops the server, then its collapse filters. */
    @Override
    void close();

    /** A server on {@code port} whose router, counters and shutdown are the given functions. */
    static Routed of(
        int port,
        Consumer<Instance> route,
        Function<Instance, HttpCollapseStats> stats,
        Runnable close) {
      return new Routed() {
        @Override
        public int port() {
          return port;
        }

        @Override
        public void routeTo(Instance instance) {
          route.accept(instance);
        }

        @Override
        public HttpCollapseStats stats(Instance instance) {
          return stats.apply(instance);
        }

        @Override
        public void close() {
          close.run();
        }
      };
    }
  }

  /** Runs {@code test} against a fresh server and application. */
  default void withInstances(CrossingCase test) throws Exception {
    HandOverFleet fleet = new HandOverFleet();
    CrossingApplication app = new CrossingApplication();
    try (Routed server = fixture().start(options(fleet), options(null), app)) {
      test.run(new CrossingRequests(server, fleet), app, fleet);
    }
  }

  /** What a case does with the server, its application and the tier between its instances. */
  @FunctionalInterface
  interface CrossingCase {
    void run(CrossingRequests requests, CrossingApplication app, HandOverFleet fleet)
        throws Exception;
  }

  /**
   * Returns the options of the cases' collapse filters, with {@code fleet} as their tier or
   * none: {@code /u/**} under the default policy, {@code /n/**} under one that shares no
   * uncacheable response.
   */
  private static HttpCollapseOptions options(@Nullable Fleet fleet) {
    HttpCollapseOptions.Builder options =
        HttpCollapseOptions.builder()
            .policy(
                "never-uncacheable",
                CollapsePolicy.builder().shareUncacheable(ShareUncacheable.NEVER).build())
            .group(CollapseGroup.ofUris("/u/**"))
            .group(CollapseGroup.ofUris("never-uncacheable", List.of("/n/**")));
    return fleet == null ? options.build() : options.fleet(fleet).build();
  }

  @Test
  @Timeout(60)
  default void anEqualRequestTakesTheResponseAnotherInstancesHandlerProduced() throws Exception {
    withInstances(
        (requests, app, fleet) -> {
          Outcome alone =
              requests.send(
                  Instance.REFERENCE, Call.get("/u/plain", CrossingApplication.CALLER, "b"));
          requests.lead(Call.get("/u/plain", CrossingApplication.CALLER, "a"));
          int runs = app.runs("/u/plain");

          Outcome crossed =
              requests.send(Instance.SECOND, Call.get("/u/plain", CrossingApplication.CALLER, "b"));

          assertThat(crossed).isEqualTo(alone);
          assertThat(app.runs("/u/plain")).as("handler runs").isEqualTo(runs);
          assertThat(fleet.handedOver()).isEqualTo(1);
        });
  }

  /**
   * The headers a filter before the collapse filter set are each request's own: the response that
   * crosses carries the second request's, as that request's own run would, never those the first
   * instance's filter set on the request whose handler ran. Among them a {@code Vary: Origin}, as
   * a CORS filter sets on every response: it names a header the filter answers each request's
   * value of itself, so it does not keep the handler's response from crossing.
   */
  @Test
  @Timeout(60)
  default void theHeadersAFilterBeforeTheCollapseFilterSetStayEachRequestsOwn() throws Exception {
    withInstances(
        (requests, app, fleet) -> {
          Call second =
              Call.get("/u/cors", "Origin", "https://b.example")
                  .with(CrossingApplication.CALLER, "b");
          Outcome alone = requests.send(Instance.REFERENCE, second);
          requests.lead(
              Call.get("/u/cors", "Origin", "https://a.example")
                  .with(CrossingApplication.CALLER, "a"));

          Outcome crossed = requests.send(Instance.SECOND, second);

          assertThat(crossed).isEqualTo(alone);
          assertThat(crossed.headers().get("x-request-id")).containsExactly("request-b");
          assertThat(crossed.headers().get("access-control-allow-origin"))
              .containsExactly("https://b.example");
          assertThat(crossed.headers().get("vary")).containsExactly("Origin");
          assertThat(app.runs("/u/cors")).as("handler runs").isEqualTo(2);
          assertThat(fleet.handedOver()).isEqualTo(1);
        });
  }

  @Test
  @Timeout(60)
  default void aResponseThatVariesOnAHeaderTheOtherRequestSentDifferentlyDoesNotCross()
      throws Exception {
    withInstances(
        (requests, app, fleet) -> {
          requests.lead(Call.get("/u/vary", "X-Variant", "en"));

          // the second instance has not seen the Vary yet: its key is the first's
          assertThat(requests.send(Instance.SECOND, Call.get("/u/vary", "X-Variant", "de")))
              .isEqualTo(requests.send(Instance.REFERENCE, Call.get("/u/vary", "X-Variant", "de")));
          assertThat(requests.send(Instance.SECOND, Call.get("/u/vary")))
              .isEqualTo(requests.send(Instance.REFERENCE, Call.get("/u/vary")));
          assertThat(app.runs("/u/vary")).as("handler runs").isEqualTo(5);
        });
  }

  @Test
  @Timeout(60)
  default void aNotModifiedResponseDoesNotCrossToARequestWithoutItsValidator() throws Exception {
    withInstances(
        (requests, app, fleet) -> {
          Outcome validated =
              requests.lead(Call.get("/u/etag", "If-None-Match", CrossingApplication.ETAG));
          assertThat(validated.status()).isEqualTo(304);

          assertThat(requests.send(Instance.SECOND, Call.get("/u/etag")))
              .isEqualTo(requests.send(Instance.REFERENCE, Call.get("/u/etag")));
          assertThat(app.runs("/u/etag")).as("handler runs").isEqualTo(3);
        });
  }

  /**
   * A response the collapse filter refuses to share on its own instance does not cross either:
   * each instance runs the handler for its request, and refuses the response for the same reason.
   */
  @ParameterizedTest
  @CsvSource({"/u/cookie, SET_COOKIE", "/u/private, PRIVATE", "/n/no-store, UNCACHEABLE"})
  @Timeout(60)
  default void aResponseTheFilterRefusesToShareDoesNotCross(String path, UnsharedReason reason)
      throws Exception {
    withInstances(
        (requests, app, fleet) -> {
          requests.lead(Call.get(path));

          assertThat(requests.send(Instance.SECOND, Call.get(path)))
              .isEqualTo(requests.send(Instance.REFERENCE, Call.get(path)));
          assertThat(app.runs(path)).as("handler runs").isEqualTo(3);
          assertThat(fleet.handedOver()).isZero();
          assertThat(requests.stats(Instance.FIRST).unshared(reason)).isEqualTo(1);
          assertThat(requests.stats(Instance.SECOND).unshared(reason)).isEqualTo(1);
        });
  }

  /**
   * An uncacheable response that the default policy shares among the requests of one instance
   * crosses to the other instance as well.
   */
  @Test
  @Timeout(60)
  default void anUncacheableResponseThePolicySharesCrosses() throws Exception {
    withInstances(
        (requests, app, fleet) -> {
          Outcome alone = requests.send(Instance.REFERENCE, Call.get("/u/no-store"));
          requests.lead(Call.get("/u/no-store"));

          assertThat(requests.send(Instance.SECOND, Call.get("/u/no-store"))).isEqualTo(alone);
          assertThat(app.runs("/u/no-store")).as("handler runs").isEqualTo(2);
          assertThat(fleet.handedOver()).isEqualTo(1);
        });
  }
}
