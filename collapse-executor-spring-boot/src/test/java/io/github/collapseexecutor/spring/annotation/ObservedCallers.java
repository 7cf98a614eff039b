package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.annotation.CollapseBatchTest.UserService;
import io.github.collapseexecutor.spring.annotation.CollapsibleTest.ProfileService;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Supplier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Annotated methods observed by a registry, called the way traced requests call them: each inside
 * a started observation of its own.
 */
final class ObservedCallers {

  /** The name of each caller's observation. */
  static final String NAME = "caller";

  private ObservedCallers() {}

  /** Returns a context with a {@code @Collapsible} and a {@code @CollapseBatch} service. */
  static ApplicationContextRunner runner(ObservationRegistry registry) {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class,
            CollapseAnnotationAutoConfiguration.class))
        .withPropertyValues("collapse.executor.executors.users.max-batch-size=100")
        .withBean(ObservationRegistry.class, () -> registry)
        .withBean(ProfileService.class, ProfileService::new)
        .withBean(UserService.class, UserService::new);
  }

  /** Returns what {@code call} returns, called inside a caller's observation. */
  static Object call(ObservationRegistry registry, Supplier<Object> call) {
    return Observation.createNotStarted(NAME, registry).observe(call);
  }
}
