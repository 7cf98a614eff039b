package io.github.collapseexecutor.core;

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

  private final ExecutorSettings settings;

  private GroupCollapseExecutorOptions(Builder builder) {
    this.settings = builder.settings;
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
    builder.settings = settings;
    return builder;
  }

  /**
   * Returns the executor's name, used in error messages, reports and thread names; {@code null}
   * means the executor's simple class name.
   */
  public @Nullable String name() {
    return settings.name();
  }

  /** Returns the listener that receives a report for each shared run, and timeouts. */
  public CollapseListener listener() {
    return settings.listener();
  }

  /**
   * Returns the executor that {@link AsyncCallableGroupCollapseExecutor} runs the work on, or
   * {@code null} for a pool of its own; the other two flavours run the work on the caller's thread.
   */
  public @Nullable Executor executor() {
    return settings.executor();
  }

  @Override
  public String toString() {
    return settings.describe("GroupCollapseExecutorOptions", "");
  }

  /** Builds {@link GroupCollapseExecutorOptions}; each setter validates its value at once. */
  public static final class Builder extends OptionsBuilder<Builder> {

    private Builder() {}

    /** Returns the options. */
    public GroupCollapseExecutorOptions build() {
      return new GroupCollapseExecutorOptions(this);
    }
  }
}
