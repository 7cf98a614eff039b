package io.github.collapseexecutor.spring.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.annotation.MicrometerMethodObservers;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.OwnThreads;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * {@code @Collapsible(fleet = true)} methods across two instances of one application that share
 * the Redis on 127.0.0.1:6379 (skipped without it), each observed on a registry of its own: each
 * caller's own observation says where its answer came from. The leader on the instance that
 * called the backend led; the leader on the other instance, which took that call's result from
 * Redis, joined through the fleet.
 */
@Timeout(90)
final class FleetObservationTest {

  private static final String FUTURE = "future";
  private static final String MONO = "mono";

  /** The name of each caller's own observation. */
  private static final String CALLER = "caller";

  private final TestObservationRegistry firstRegistry = TestObservationRegistry.create();
  private final TestObservationRegistry secondRegistry = TestObservationRegistry.create();

  @BeforeEach
  void redis() {
    LocalRedis.assumeRunning();
  }

  @Test
  void theLeaderThatTookAnotherInstancesResultSaysItJoinedThroughTheFleet() throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = observed(options, backend, firstRegistry);
        FleetInstance second = observed(options, backend, secondRegistry)) {
      List<Thread> callers = new ArrayList<>();
      CompletableFuture<Object> led =
          OwnThreads.call(() -> observedQuote(firstRegistry, first), callers);
      backend.awaitEntered(1);
      CompletableFuture<Object> joined =
          OwnThreads.call(() -> observedQuote(secondRegistry, second), callers);
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      assertThat(joined.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      assertThat(backend.calls().get()).isEqualTo(1);
      assertThat(callerOutcomes(firstRegistry)).containsExactly("led");
      assertThat(callerOutcomes(secondRegistry)).containsExactly("joined-elsewhere");
    }
  }

  /** As above, for a future or a {@code Mono}: said by the time the caller has the value. */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void theLeaderThatTookAnotherInstancesValueSaysItJoinedThroughTheFleet(String kind)
      throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = observed(options, backend, firstRegistry);
        FleetInstance second = observed(options, backend, secondRegistry)) {
      Observation leading = Observation.start(CALLER, firstRegistry);
      CompletableFuture<@Nullable Quote> led = observedQuote(first, kind, leading);
      backend.awaitEntered(1);
      Observation waiting = Observation.start(CALLER, secondRegistry);
      CompletableFuture<@Nullable Quote> joined = observedQuote(second, kind, waiting);
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      assertThat(joined.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      leading.stop();
      waiting.stop();
      assertThat(backend.calls().get()).isEqualTo(1);
      assertThat(callerOutcomes(firstRegistry)).containsExactly("led");
      assertThat(callerOutcomes(secondRegistry)).containsExactly("joined-elsewhere");
    }
  }

  private static FleetInstance observed(
      FleetOptions options, FleetBackend backend, ObservationRegistry registry) throws Exception {
    return FleetInstance.observed(
        options, backend, MicrometerMethodObservers.observing(CollapseObservations.of(registry)));
  }

  private static Object observedQuote(ObservationRegistry registry, FleetInstance instance) {
    return Observation.createNotStarted(CALLER, registry)
        .observe(() -> instance.quotes().quote("ACME"));
  }

  /**
   * Calls the quote method of {@code kind} inside {@code observation}: current on this thread for
   * a future, in the subscriber's Reactor context for a {@code Mono}.
   */
  @SuppressWarnings("try") // the scope makes the caller's observation current for its call
  private static CompletableFuture<@Nullable Quote> observedQuote(
      FleetInstance instance, String kind, Observation observation) {
    if (kind.equals(MONO)) {
      Mono<Quote> mono = instance.quotes().quoteMono("ACME");
      return mono.contextWrite(Context.of(ObservationThreadLocalAccessor.KEY, observation))
          .toFuture();
    }
    try (Observation.Scope scope = observation.openScope()) {
      return instance.quotes().quoteLater("ACME");
    }
  }

  private static List<String> callerOutcomes(TestObservationRegistry registry) {
    List<String> outcomes = new ArrayList<>();
    TestObservationRegistryAssert.assertThat(registry)
        .hasHandledContextsThatSatisfy(
            contexts ->
                contexts.stream()
                    .filter(context -> CALLER.equals(context.getName()))
                    .map(context -> context.getHighCardinalityKeyValue("collapse.outcome"))
                    .forEach(value -> outcomes.add(value == null ? "none" : value.getValue())));
    return outcomes;
  }
}
