package io.github.collapseexecutor.testing.annotation;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The named executors of a test's application, as a {@link NamedExecutors} bean defines them
 * without Spring Boot: the {@value NamedExecutors#DEFAULT} one with the core's default options,
 * beside the ones the test names.
 */
public final class TestExecutors {

  private TestExecutors() {}

  /** Returns {@code executors} and a default executor, unless one of them is the default. */
  public static NamedExecutors with(NamedExecutor... executors) {
    Map<String, NamedExecutor> byName = new LinkedHashMap<>();
    byName.put(
        NamedExecutors.DEFAULT,
        NamedExecutor.builder(NamedExecutors.DEFAULT, options(NamedExecutors.DEFAULT).build())
            .build());
    for (NamedExecutor executor : executors) {
      byName.put(executor.name(), executor);
    }
    return new NamedExecutors(byName);
  }

  /** Returns the core's default options, under {@code name}, to change before building. */
  public static CollapseExecutorOptions.Builder options(String name) {
    return CollapseExecutorOptions.builder().name(name);
  }
}
