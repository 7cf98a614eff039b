package io.github.collapseexecutor.micrometer.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.micrometer.DefaultCollapseObservationConvention;
import io.github.collapseexecutor.micrometer.annotation.FutureCallers.Caller;
import io.github.collapseexecutor.micrometer.annotation.FutureCallers.Kind;
import io.github.collapseexecutor.micrometer.annotation.FutureCallers.PendingService;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import reactor.core.Disposable;

/**
 * The observations of {@code @Collapsible} methods returning a future, a stage or a {@code Mono},
 * on Micrometer's test registry: one {@code collapse.call} per run, from the method's call until
 * its future ends, and on each caller's own observation whether it led or joined; the timeouts
 * of their callers reported to the listener.
 */
@Timeout(60)
final class AnnotatedFutureMethodObservationTest {

  private static final int N = 5;
  private static final String RUN = DefaultCollapseObservationConvention.NAME;

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private final CountDownLatch timeouts = new CountDownLatch(N);
  private final CollapseListener timeoutCounter =
      new CollapseListener() {
        @Override
        public void callTimedOut(String executorName) {
          timeouts.countDown();
        }
      };

  @ParameterizedTest
  @EnumSource(Kind.class)
  void oneRunIsOneSharedCallFromTheMethodsCallToItsEndAndCallersSayWhoLed(Kind kind)
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        FutureCallers.start(registry, timeoutCounter)) {
      PendingService service = context.getBean(PendingService.class);

      List<Caller> callers =
          FutureCallers.call(registry, N, (i, observation) -> kind.call(service, 3, observation));
      TestObservationRegistryAssert.assertThat(registry)
          .hasObservationWithNameEqualTo(RUN)
          .that()
          .hasBeenStarted()
          .isNotStopped();
      service.pending().remove().complete("value 3");

      assertThat(callers).extracting(Caller::outcome).containsOnly("value 3");
      assertThat(service.runs().get()).isEqualTo(1);
      FutureCallers.stop(callers);
      TestObservationRegistryAssert.assertThat(registry)
          .hasNumberOfObservationsWithNameEqualTo(RUN, 1)
          .hasObservationWithNameEqualTo(RUN)
          .that()
          .hasBeenStopped()
          .hasContextualNameEqualTo("collapse PendingService." + method(kind))
          .hasLowCardinalityKeyValue("outcome", "shared")
          .hasHighCardinalityKeyValue("collapse.batch.size", Integer.toString(N))
          .hasParentObservationContextMatching(
              parent -> ObservedCallers.NAME.equals(parent.getName()));
      assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "joined", (long) N - 1));
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aRunWhoseFutureFailedIsAFailedSharedCallAndItsCallersStillSayWhoLed(Kind kind)
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        FutureCallers.start(registry, timeoutCounter)) {
      PendingService service = context.getBean(PendingService.class);

      List<Caller> callers =
          FutureCallers.call(registry, N, (i, observation) -> kind.call(service, 4, observation));
      service.pending().remove().completeExceptionally(new IOException("down"));

      assertThat(callers)
          .extracting(Caller::outcome)
          .allSatisfy(
              outcome ->
                  assertThat(outcome)
                      .isInstanceOfSatisfying(
                          IOException.class, failure -> assertThat(failure).hasMessage("down")));
      FutureCallers.stop(callers);
      TestObservationRegistryAssert.assertThat(registry)
          .hasNumberOfObservationsWithNameEqualTo(RUN, 1)
          .hasObservationWithNameEqualTo(RUN)
          .that()
          .hasLowCardinalityKeyValue("outcome", "failed")
          .hasHighCardinalityKeyValue("collapse.batch.size", Integer.toString(N))
          .assertThatError()
          .isInstanceOf(IOException.class)
          .hasMessage("down");
      assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "joined", (long) N - 1));
    }
  }

  @Test
  void theMonosRunIsTheCurrentObservationInTheContextOfTheMethodsMono() throws Exception {
    try (AnnotationConfigApplicationContext context =
        FutureCallers.start(registry, timeoutCounter)) {
      PendingService service = context.getBean(PendingService.class);

      List<Caller> callers =
          FutureCallers.call(
              registry, 2, (i, observation) -> Kind.MONO.call(service, 5, observation));
      service.pending().remove().complete("value 5");

      assertThat(callers).extracting(Caller::outcome).containsOnly("value 5");
      assertThat(service.monoObservation().get())
          .isInstanceOfSatisfying(
              Observation.class, run -> assertThat(run.getContext().getName()).isEqualTo(RUN));
      FutureCallers.stop(callers);
    }
  }

  /**
   * Hazard: a subscriber that cancels must leave the run alone; cancelling the method's
   * {@code Mono} would fail every other subscriber of the run.
   */
  @Test
  void aMonoSubscriberThatCancelsLeavesTheRunToTheOthers() throws Exception {
    try (AnnotationConfigApplicationContext context =
        FutureCallers.start(registry, timeoutCounter)) {
      PendingService service = context.getBean(PendingService.class);

      List<Caller> callers =
          FutureCallers.call(
              registry, 2, (i, observation) -> Kind.MONO.call(service, 6, observation));
      Disposable leaving = service.mono(6).subscribe();
      leaving.dispose();
      callers.get(0).future().cancel(/* mayInterruptIfRunning= */ false);
      service.pending().remove().complete("value 6");

      assertThat(callers.get(1).outcome()).isEqualTo("value 6");
      assertThat(service.monoCancelled()).isFalse();
      assertThat(service.runs().get()).isEqualTo(1);
      FutureCallers.stop(callers);
      TestObservationRegistryAssert.assertThat(registry)
          .hasObservationWithNameEqualTo(RUN)
          .that()
          .hasLowCardinalityKeyValue("outcome", "shared")
          .hasHighCardinalityKeyValue("collapse.batch.size", "3");
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Kind.class,
      names = {"FUTURE", "MONO"})
  void everyCallerThatTimedOutIsReportedOnceAndTheRunTheyAllLeftIsAbandoned(Kind kind)
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        FutureCallers.start(registry, timeoutCounter)) {
      PendingService service = context.getBean(PendingService.class);

      List<Caller> callers =
          FutureCallers.call(
              registry,
              N,
              (i, observation) ->
                  kind == Kind.MONO
                      ? FutureCallers.subscribed(service.quickMono(7), observation)
                      : service.quickFuture(7).thenApply(value -> value));

      assertThat(callers)
          .extracting(Caller::outcome)
          .allSatisfy(outcome -> assertThat(outcome).isInstanceOf(TimeoutException.class));
      assertThat(timeouts.await(10, TimeUnit.SECONDS)).isTrue();
      // every caller left, so the work nobody waits for is cancelled, once the run is stopped
      CompletableFuture<String> work = service.pending().remove();
      assertThat(work)
          .failsWithin(10, TimeUnit.SECONDS)
          .withThrowableThat()
          .isInstanceOf(CancellationException.class);
      assertThat(service.pending()).isEmpty();
      FutureCallers.stop(callers);
      TestObservationRegistryAssert.assertThat(registry)
          .hasNumberOfObservationsWithNameEqualTo(RUN, 1)
          .hasObservationWithNameEqualTo(RUN)
          .that()
          .hasLowCardinalityKeyValue("outcome", "abandoned")
          .hasHighCardinalityKeyValue("collapse.batch.size", Integer.toString(N));
      assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "fell-back", (long) N - 1));
      assertThat(callerReasons()).containsOnly("wait-timeout");
    }
  }

  private static String method(Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  /** Counts the callers' observations by their {@code collapse.outcome}. */
  private Map<String, Long> callerOutcomes() {
    return callerKey("collapse.outcome").stream()
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
  }

  private List<String> callerReasons() {
    return callerKey("collapse.reason");
  }

  private List<String> callerKey(String key) {
    List<String> values = new ArrayList<>();
    TestObservationRegistryAssert.assertThat(registry)
        .hasHandledContextsThatSatisfy(
            contexts ->
                contexts.stream()
                    .filter(context -> ObservedCallers.NAME.equals(context.getName()))
                    .map(context -> context.getHighCardinalityKeyValue(key))
                    .map(value -> value == null ? "none" : value.getValue())
                    .forEach(values::add));
    return values;
  }
}
