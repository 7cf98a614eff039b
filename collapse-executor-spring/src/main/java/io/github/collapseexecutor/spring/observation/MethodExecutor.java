package io.github.collapseexecutor.spring.observation;

import io.github.collapseexecutor.core.Incubating;
import java.util.Objects;

/**
 * The executor of one annotated method, as a {@link MethodObserver} learns of it when it is
 * created: its name, and which of the facts its listener hears about it can happen at all, so
 * that a listener keeps nothing for a fact that cannot.
 *
 * @param name the executor's name, as its reports give it ({@code UserService.user})
 * @param batches whether calls wait for a batch to start: {@code true} for a
 *     {@code @CollapseBatch} method, {@code false} for a {@code @Collapsible} one, whose run
 *     starts with its first call
 * @param rejects whether it can refuse calls: it has a limit of pending inputs
 * @param timesOut whether its callers stop waiting at a timeout
 */
@Incubating
public record MethodExecutor(String name, boolean batches, boolean rejects, boolean timesOut) {

  /** Checks the name. */
  public MethodExecutor {
    Objects.requireNonNull(name, "name");
  }

  /** Returns the executor of a {@code @Collapsible} method, which never rejects. */
  public static MethodExecutor sameKey(String name, boolean timesOut) {
    return new MethodExecutor(name, false, false, timesOut);
  }

  /** Returns the executor of a {@code @CollapseBatch} method. */
  public static MethodExecutor batch(String name, boolean rejects, boolean timesOut) {
    return new MethodExecutor(name, true, rejects, timesOut);
  }
}
