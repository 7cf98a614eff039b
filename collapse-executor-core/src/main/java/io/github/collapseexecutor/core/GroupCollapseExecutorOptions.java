package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a same-key collapse executor ({@link BlockingCallableGroupCollapseExecutor},
 * {@link AsyncCallableGroupCollapseExecutor}, {@link FutureCallableGroupCollapseExecutor}). Build
 * with {@link #builder()}; every setting has a default, so {@link #defaults()} is a complete
 * configuration. The batch executors take {@link CollapseExecutorOptions} the same way.
 *
 * <pre>{@code
 * AsyncCallableGroupCollapseExecutor profiles = new AsyncCallableGroupCollapseExecutor(
 *     GroupCollapseExecutorOptions.builder()
 *         .name("profiles")
 *         .listener(metrics)
 *         .executor(profilePool)    // the async flavour runs the work here
 *         .build());
 * }</pre>
 */
public final class GroupCollapseExecutorOptions {

  private static final GroupCollapseExecutorOptions DEFAULTS = builder().build();

  private final @Nullable String name;
  private final CollapseListener listener;
  private final @Nullable Executor executor;

  private GroupCollapseExecutorOptions(Builder builder) {
    this.name = builder.name;
    this.listener = builder.listener;
    this.executor = builder.executor;
  }

  /** Returns the options with every setting at its default. */
  public static GroupCollapseExecutorOptions defaults() {
    return DEFAULTS;
  }

  /** Returns a builder with every setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns a builder that starts from these options. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.name = name;
    builder.listener = listener;
    builder.executor = executor;
    return builder;
  }

  /**
   * Returns the executor's name, used in error messages, reports and thread names; {@code null}
   * means the executor's simple class name.
   */
  public @Nullable String name() {
    return name;
  }

  /** Returns the listener that receives a report for each shared run, and timeouts. */
  public CollapseListener listener() {
    return listener;
  }

  /**
   * Returns the executor that {@link AsyncCallableGroupCollapseExecutor} runs the work on, or
   * {@code null} for a pool of its own; the other two flavours run the work on the caller's thread.
   */
  public @Nullable Executor executor() {
    return executor;
  }

  @Override
  public String toString() {
    return "GroupCollapseExecutorOptions{name=" + name
        + ", executor=" + (executor == null ? "own pool" : executor)
        + "}";
  }

  /** Builds {@link GroupCollapseExecutorOptions}; each setter validates its value at once. */
  public static final class Builder {

    private @Nullable String name;
    private CollapseListener listener = CollapseListener.NONE;
    private @Nullable Executor executor;

    private Builder() {}

    /**
     * Sets the name used in error messages, reports and thread names.
     *
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public Builder name(String name) {
      this.name = Names.requireNotBlank(name);
      return this;
    }

    /** Sets the listener that receives a report for each shared run, and timeouts. */
    public Builder listener(CollapseListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Sets the executor {@link AsyncCallableGroupCollapseExecutor} runs the work on; the caller
     * owns it, and closing the collapse executor does not shut it down. Default: a pool of the
     * collapse executor's own daemon threads, which end when idle.
     */
    public Builder executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /** Returns the options. */
    public GroupCollapseExecutorOptions build() {
      return new GroupCollapseExecutorOptions(this);
    }
  }
}
