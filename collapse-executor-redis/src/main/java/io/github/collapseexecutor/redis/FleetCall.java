package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;

/**
 * The backend call that {@link FleetCoordinator#call} makes when this instance leads the key, or
 * when it cannot use another instance's result.
 *
 * @param <T> the result
 * @param <X> the checked exception the call may throw ({@link RuntimeException} for none)
 */
@FunctionalInterface
@Incubating
public interface FleetCall<T, X extends Exception> {

  /** Makes the call and returns its result. */
  T call() throws X;
}
