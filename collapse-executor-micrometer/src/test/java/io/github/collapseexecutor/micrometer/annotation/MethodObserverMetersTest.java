package io.github.collapseexecutor.micrometer.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.micrometer.MicrometerCollapseListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.testing.annotation.Collapsing;
import io.github.collapseexecutor.testing.annotation.ProfileService;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import io.github.collapseexecutor.testing.annotation.UserService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * The meters of the executors of annotated methods, registered when each executor is created,
 * before any call: the Micrometer observers announce each one to its meter listener, with the
 * facts it can report, and leave the timing of its runs to the observation when they observe.
 */
@Timeout(60)
final class MethodObserverMetersTest {

  private static final String PROFILE = "ProfileService.profile";
  private static final String USER = "UserService.user";

  private final MeterRegistry meters = new SimpleMeterRegistry();

  @Test
  @SuppressWarnings("try") // the context only has to be running: its executors were created
  void eachMethodsExecutorHasTheMetersOfWhatItCanReportFromTheStart() {
    try (AnnotationConfigApplicationContext context =
        start(MicrometerMethodObservers.metersOnly())) {
      assertThat(
              meters.get("collapse.executor.batch.size").tag("executor", PROFILE).summary().count())
          .isZero();
      assertThat(
              meters
                  .get("collapse.executor.calls")
                  .tag("executor", PROFILE)
                  .tag("outcome", "collapsed")
                  .counter()
                  .count())
          .isZero();
      assertThat(
              meters
                  .get("collapse.executor.execution")
                  .tag("executor", PROFILE)
                  .tag("outcome", "success")
                  .timer()
                  .count())
          .isZero();
      assertThat(
              meters.get("collapse.executor.timeouts").tag("executor", PROFILE).counter().count())
          .isZero();
      // a same-key run starts with its first call, and never rejects
      assertThat(meters.find("collapse.executor.wait").tag("executor", PROFILE).meters()).isEmpty();
      assertThat(meters.find("collapse.executor.rejections").tag("executor", PROFILE).meters())
          .isEmpty();
      assertThat(meters.get("collapse.executor.wait").tag("executor", USER).timer().count())
          .isZero();
      assertThat(meters.get("collapse.executor.rejections").tag("executor", USER).counter().count())
          .isZero();
      assertThat(meters.find("collapse.executor.timeouts").tag("executor", USER).meters())
          .isEmpty();
    }
  }

  @Test
  void anObservedMethodLeavesTheTimingOfItsRunsToTheObservation() throws Exception {
    try (AnnotationConfigApplicationContext context =
        start(ObservedCallers.observer(ObservationRegistry.create(), /* convention= */ null))) {
      ProfileService profiles = context.getBean(ProfileService.class);
      assertThat(profiles.crowd().run(1, i -> profiles.profile(1))).containsExactly("profile 1");

      assertThat(
              meters.get("collapse.executor.batch.size").tag("executor", PROFILE).summary().count())
          .isEqualTo(1);
      assertThat(meters.find("collapse.executor.execution").meters()).isEmpty();
      assertThat(meters.get("collapse.executor.wait").tag("executor", USER).timer().count())
          .isZero();
    }
  }

  private AnnotationConfigApplicationContext start(MethodObserver observer) {
    MicrometerCollapseListener listener = new MicrometerCollapseListener(meters, "core");
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(Collapsing.class);
    context.registerBean(MethodObserver.class, () -> observer);
    context.registerBean(
        NamedExecutors.class,
        () ->
            TestExecutors.with(
                NamedExecutor.builder(
                        NamedExecutors.DEFAULT,
                        TestExecutors.options(NamedExecutors.DEFAULT).listener(listener).build())
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                NamedExecutor.builder(
                        "users",
                        TestExecutors.options("users")
                            .listener(listener)
                            .maxPendingInputs(100)
                            .build())
                    .build()));
    context.registerBean(ProfileService.class, ProfileService::new);
    context.registerBean(UserService.class, UserService::new);
    context.refresh();
    return context;
  }
}
