package io.github.collapseexecutor.spring.observation;

import io.github.collapseexecutor.core.Incubating;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The executor of one annotated method, as a {@link MethodObserver} learns of it when it is
 * created: its name, and which of the facts its listener hears about it can happen at all, so
 * that a listener keeps nothing for a fact that cannot.
 *
 * <p>The annotated methods' executors announce themselves with one made by {@link #sameKey} or
 * {@link #batch}; an observer reads it.
 */
@Incubating
public final class MethodExecutor {

  private final String name;
  private final boolean batches;
  private final boolean rejects;
  private final boolean timesOut;

  private MethodExecutor(String name, boolean batches, boolean rejects, boolean timesOut) {
    this.name = Objects.requireNonNull(name, "name");
    this.batches = batches;
    this.rejects = rejects;
    this.timesOut = timesOut;
  }

  /** Returns the executor of a {@code @Collapsible} method, which never rejects. */
  public static MethodExecutor sameKey(String name, boolean timesOut) {
    return new MethodExecutor(name, false, false, timesOut);
  }

  /** Returns the executor of a {@code @CollapseBatch} method. */
  public static MethodExecutor batch(String name, boolean rejects, boolean timesOut) {
    return new MethodExecutor(name, true, rejects, timesOut);
  }

  /** Returns the executor's name, as its reports give it ({@code UserService.user}). */
  public String name() {
    return name;
  }

  /**
   * Returns whether calls wait for a batch to start: {@code true} for a {@code @CollapseBatch}
   * method, {@code false} for a {@code @Collapsible} one, whose run starts with its first call.
   */
  public boolean batches() {
    return batches;
  }

  /**
   * Returns whether calls can be refused: a {@code @CollapseBatch} method whose options set a limit
   * of pending inputs ({@code maxPendingInputs}).
   */
  public boolean rejects() {
    return rejects;
  }

  /** Returns whether its callers stop waiting at a timeout. */
  public boolean timesOut() {
    return timesOut;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof MethodExecutor that
        && name.equals(that.name)
        && batches == that.batches
        && rejects == that.rejects
        && timesOut == that.timesOut;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, batches, rejects, timesOut);
  }

  @Override
  public String toString() {
    return "MethodExecutor[name="
        + name
        + ", batches="
        + batches
        + ", rejects="
        + rejects
        + ", timesOut="
        + timesOut
        + "]";
  }
}
