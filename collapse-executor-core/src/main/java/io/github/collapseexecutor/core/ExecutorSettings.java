package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * The settings that both options types hold, each checked as it is set: an executor's name, its
 * listener and the executor its async flavour runs on. Immutable, so that a builder and the options
 * it built can share one.
 */
record ExecutorSettings(
    @Nullable String name, CollapseListener listener, @Nullable Executor executor) {

  static final ExecutorSettings DEFAULTS = new ExecutorSettings(null, CollapseListener.NONE, null);

  /**
   * Returns these settings with {@code name}.
   *
   * @throws IllegalArgumentException if {@code name} is blank
   */
  ExecutorSettings withName(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("name must not be blank");
    }
    return new ExecutorSettings(name, listener, executor);
  }

  ExecutorSettings withListener(CollapseListener listener) {
    return new ExecutorSettings(name, Objects.requireNonNull(listener, "listener"), executor);
  }

  ExecutorSettings withExecutor(Executor executor) {
    return new ExecutorSettings(name, listener, Objects.requireNonNull(executor, "executor"));
  }

  /**
   * Returns how an options type shows itself: its name, these settings around its own
   * ({@code own}: empty, or each setting preceded by {@code ", "}).
   */
  String describe(String type, String own) {
    return type
        + "{name="
        + name
        + own
        + ", executor="
        + (executor == null ? "own pool" : executor)
        + "}";
  }
}
