package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.testing.annotation.ProfileService;
import io.github.collapseexecutor.testing.annotation.UserApplication;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * Annotated methods observed by a registry, as an application without Spring Boot observes them
 * (a {@link MethodObserver} bean on Micrometer), called the way traced requests call them: each
 * inside a started observation of its own.
 */
final class ObservedCallers {

  /** The name of each caller's observation. */
  static final String NAME = "caller";

  private ObservedCallers() {}

  /**
   * Starts a context with a {@code @Collapsible} service and {@link UserApplication}'s
   * {@code @CollapseBatch} one, on its executors.
   */
  static AnnotationConfigApplicationContext start(ObservationRegistry registry) {
    return start(registry, null);
  }

  /** Starts the same context, its runs named by {@code convention} (or the default one). */
  static AnnotationConfigApplicationContext start(
      ObservationRegistry registry, @Nullable CollapseObservationConvention convention) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(UserApplication.class);
    context.registerBean(ProfileService.class, ProfileService::new);
    context.registerBean(MethodObserver.class, () -> observer(registry, convention));
    context.refresh();
    return context;
  }

  /** Returns the observer of the annotated methods on {@code registry}. */
  static MethodObserver observer(
      ObservationRegistry registry, @Nullable CollapseObservationConvention convention) {
    return MicrometerMethodObservers.observing(
        CollapseObservations.of(registry).withConvention(convention));
  }

  /** Returns what {@code call} returns, called inside a caller's observation. */
  static Object call(ObservationRegistry registry, Supplier<Object> call) {
    return Observation.createNotStarted(NAME, registry).observe(call);
  }
}
