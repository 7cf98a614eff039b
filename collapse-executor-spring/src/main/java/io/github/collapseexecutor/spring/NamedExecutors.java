package io.github.collapseexecutor.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The executors of {@code collapse.executor.executors}, by name, always with a {@value #DEFAULT}
 * one. Inject it to build a batch executor from a named configuration:
 *
 * <pre>{@code
 * @Bean
 * UserLoader userLoader(NamedExecutors executors, UserRepository users) {
 *   return new UserLoader(executors.get("users").options(), users);
 * }
 * }</pre>
 */
public final class NamedExecutors {

  /** The name of the executor the others inherit from, and that annotations use by default. */
  public static final String DEFAULT = "default";

  private final Map<String, NamedExecutor> executors;

  /**
   * Creates the registry.
   *
   * @throws IllegalArgumentException if {@code executors} has no {@value #DEFAULT} entry
   */
  public NamedExecutors(Map<String, NamedExecutor> executors) {
    if (!executors.containsKey(DEFAULT)) {
      throw new IllegalArgumentException(
          "named executors need a '" + DEFAULT + "' entry; given: " + executors.keySet());
    }
    this.executors = Map.copyOf(executors);
  }

  /**
   * Returns the executor named {@code name}.
   *
   * @throws IllegalArgumentException if no executor has that name
   */
  public NamedExecutor get(String name) {
    NamedExecutor executor = executors.get(name);
    if (executor == null) {
      throw new IllegalArgumentException(
          "no executor named '"
              + name
              + "' in collapse.executor.executors; configured: "
              + names());
    }
    return executor;
  }

  /** Returns whether an executor is named {@code name}. */
  public boolean contains(String name) {
    return executors.containsKey(name);
  }

  /** Returns the names, sorted. */
  public List<String> names() {
    List<String> names = new ArrayList<>(executors.keySet());
    names.sort(null);
    return names;
  }

  /** Returns the executors, sorted by name. */
  public List<NamedExecutor> list() {
    return names().stream().map(executors::get).toList();
  }
}
