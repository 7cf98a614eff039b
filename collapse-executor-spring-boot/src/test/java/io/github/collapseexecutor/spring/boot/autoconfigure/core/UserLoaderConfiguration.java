package io.github.collapseexecutor.spring.boot.autoconfigure.core;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Builds the {@link UserLoader} from the auto-configured options, as an application would. */
@Configuration(proxyBeanMethods = false)
class UserLoaderConfiguration {

  @Bean
  UserLoader userLoader(
      CollapseExecutorOptions options, ObjectProvider<ObservationRegistry> registry) {
    return new UserLoader(options, registry.getIfAvailable(() -> ObservationRegistry.NOOP));
  }
}
