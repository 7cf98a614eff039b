package io.github.collapseexecutor.testing.annotation;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * An application with a {@link UserService} and the {@code users} executor its {@code user}
 * method batches on, batches of at most 100 ids, beside the default one.
 */
@Configuration(proxyBeanMethods = false)
@EnableCollapsing
public class UserApplication {

  @Bean
  NamedExecutors namedExecutors() {
    return TestExecutors.with(
        NamedExecutor.builder("users", TestExecutors.options("users").maxBatchSize(100).build())
            .build());
  }

  @Bean
  UserService userService() {
    return new UserService();
  }
}
