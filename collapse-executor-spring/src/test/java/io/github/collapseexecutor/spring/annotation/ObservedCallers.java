package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.annotation.CollapsibleTest.ProfileService;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * Annotated methods observed by a registry, called the way traced requests call them: each inside
 * a started observation of its own.
 */
final class ObservedCallers {

  /** The name of each caller's observation. */
  static final String NAME = "caller";

  private ObservedCallers() {}

  /**
   * Starts a context with a {@code @Collapsible} service and {@link CollapseBatchTest}'s
   * {@code @CollapseBatch} one, on its executors.
   */
  static AnnotationConfigApplicationContext start(ObservationRegistry registry) {
    return start(registry, context -> {});
  }

  /** Starts the same context with the beans {@code beans} registers beside them. */
  static AnnotationConfigApplicationContext start(ObservationRegistry registry,
      Consumer<AnnotationConfigApplicationContext> beans) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(CollapseBatchTest.Services.class);
    context.registerBean(ProfileService.class, ProfileService::new);
    context.registerBean(ObservationRegistry.class, () -> registry);
    beans.accept(context);
    context.refresh();
    return context;
  }

  /** Returns what {@code call} returns, called inside a caller's observation. */
  static Object call(ObservationRegistry registry, Supplier<Object> call) {
    return Observation.createNotStarted(NAME, registry).observe(call);
  }
}
