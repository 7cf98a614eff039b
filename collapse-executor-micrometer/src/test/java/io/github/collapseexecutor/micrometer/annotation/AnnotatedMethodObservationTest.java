package io.github.collapseexecutor.micrometer.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.micrometer.CollapseObservationContext;
import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.micrometer.DefaultCollapseObservationConvention;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.testing.annotation.ProfileService;
import io.github.collapseexecutor.testing.annotation.UserService;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * The observations of annotated methods on Micrometer's test registry: one {@code collapse.call}
 * per run or batch, and on each caller's own observation what its call did, and why when it went
 * straight to the method.
 */
@Timeout(60)
final class AnnotatedMethodObservationTest {

  private static final int N = 20;

  private final TestObservationRegistry registry = TestObservationRegistry.create();

  @Test
  void oneRunIsOneSharedCallObservationAndCallersSayWhoLedAndWhoJoined() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      profiles.crowd().run(N, i -> ObservedCallers.call(registry, () -> profiles.profile(3)));

      TestObservationRegistryAssert.assertThat(registry)
          .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 1)
          .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
          .that()
          .hasContextualNameEqualTo("collapse ProfileService.profile")
          .hasLowCardinalityKeyValue("executor", "ProfileService.profile")
          .hasLowCardinalityKeyValue("group", "none")
          .hasLowCardinalityKeyValue("outcome", "shared")
          .hasHighCardinalityKeyValue("collapse.batch.size", Integer.toString(N))
          .hasParentObservationContextMatching(
              parent -> ObservedCallers.NAME.equals(parent.getName()));
      assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "joined", (long) N - 1));
    }
  }

  @Test
  void aRunThatThrewIsAFailedSharedCallAndItsCallersStillSayWhoLed() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      List<Object> results =
          profiles
              .crowd()
              .run(
                  N,
                  i ->
                      ObservedCallers.call(
                          registry,
                          () -> {
                            try {
                              return profiles.failing(5);
                            } catch (IOException e) {
                              return e;
                            }
                          }));

      assertThat(results).allSatisfy(result -> assertThat(result).isInstanceOf(IOException.class));
      TestObservationRegistryAssert.assertThat(registry)
          .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 1)
          .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
          .that()
          .hasLowCardinalityKeyValue("outcome", "failed")
          .assertThatError()
          .isInstanceOf(IOException.class)
          .hasMessage("down");
      assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "joined", (long) N - 1));
    }
  }

  @Test
  void batchedCallersSaySoAndEachBatchCountsItsCallers() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      UserService users = context.getBean(UserService.class);

      users.crowd().run(N, i -> ObservedCallers.call(registry, () -> users.user(i)));

      assertThat(callerOutcomes()).isEqualTo(Map.of("batched", (long) N));
      List<Integer> sizes = new ArrayList<>();
      TestObservationRegistryAssert.assertThat(registry)
          .hasHandledContextsThatSatisfy(
              contexts ->
                  contexts.stream()
                      .filter(CollapseObservationContext.class::isInstance)
                      .map(CollapseObservationContext.class::cast)
                      .forEach(batch -> sizes.add(batch.batchSize())));
      assertThat(sizes).hasSizeGreaterThan(1);
      assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(N);
    }
  }

  @Test
  void aSwitchedOffExecutorMarksItsCallersNotCollapsed() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      ProfileService profiles = context.getBean(ProfileService.class);
      context.getBean(CollapseMethods.class).collapsing("default", false);

      assertThat(
              profiles
                  .crowd()
                  .run(1, i -> ObservedCallers.call(registry, () -> profiles.profile(1))))
          .containsExactly("profile 1");

      TestObservationRegistryAssert.assertThat(registry)
          .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 0)
          .hasObservationWithNameEqualTo(ObservedCallers.NAME)
          .that()
          .hasHighCardinalityKeyValue("collapse.outcome", "not-collapsed")
          .hasHighCardinalityKeyValue("collapse.reason", "switched-off");
    }
  }

  @Test
  void aNullArgumentMarksItsCallerNotCollapsed() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      UserService users = context.getBean(UserService.class);

      assertThat(ObservedCallers.call(registry, () -> users.user(null))).isEqualTo("nobody");

      TestObservationRegistryAssert.assertThat(registry)
          .hasObservationWithNameEqualTo(ObservedCallers.NAME)
          .that()
          .hasHighCardinalityKeyValue("collapse.outcome", "not-collapsed")
          .hasHighCardinalityKeyValue("collapse.reason", "null-argument");
    }
  }

  @Test
  void theApplicationsConventionNamesTheRunsObservation() throws Exception {
    CollapseObservationConvention custom =
        new DefaultCollapseObservationConvention() {
          @Override
          public KeyValues getLowCardinalityKeyValues(CollapseObservationContext context) {
            return super.getLowCardinalityKeyValues(context).and("region", "eu");
          }
        };
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry, custom)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      profiles.crowd().run(2, i -> ObservedCallers.call(registry, () -> profiles.profile(4)));

      TestObservationRegistryAssert.assertThat(registry)
          .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
          .that()
          .hasLowCardinalityKeyValue("region", "eu");
    }
  }

  /** Counts the callers' observations by their {@code collapse.outcome}. */
  private Map<String, Long> callerOutcomes() {
    List<String> outcomes = new ArrayList<>();
    TestObservationRegistryAssert.assertThat(registry)
        .hasHandledContextsThatSatisfy(
            contexts ->
                contexts.stream()
                    .filter(context -> ObservedCallers.NAME.equals(context.getName()))
                    .map(context -> context.getHighCardinalityKeyValue("collapse.outcome"))
                    .map(value -> value == null ? "none" : value.getValue())
                    .forEach(outcomes::add));
    return outcomes.stream()
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
  }
}
