package io.github.collapseexecutor.spring.annotation;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * The thread-bound context of a caller, captured where it calls a method and restored where the
 * method then runs, on another thread: Micrometer's context-propagation snapshot of every
 * registered {@code ThreadLocalAccessor} (Spring Security's context, MDC where registered), when
 * context-propagation is on the class path. The caller's observation, under the observer's
 * {@code contextKey}, is left out: a shared run has an observation of its own, which the observer
 * makes current.
 */
final class CallerContexts {

  private static final boolean PRESENT =
      ClassUtils.isPresent(
          "io.micrometer.context.ContextSnapshotFactory", CallerContexts.class.getClassLoader());

  /** The factory of the callers' snapshots: a {@code ContextSnapshotFactory}, if present. */
  private final @Nullable Object factory;

  /**
   * @param leftOut the key of what no snapshot holds, the caller's observation, or {@code null}
   */
  CallerContexts(@Nullable String leftOut) {
    this.factory = PRESENT ? Snapshots.leavingOut(leftOut) : null;
  }

  /** Returns the calling thread's context, or {@code null} without context-propagation. */
  @Nullable Object capture() {
    return factory == null ? null : Snapshots.capture(factory);
  }

  /**
   * Returns the calling thread's context with its current observation, or {@code null} without
   * context-propagation: the context of a run's start that goes on on another thread, where the
   * run's observation, current where it started, is still the current one.
   */
  static @Nullable Object captureInRun() {
    return PRESENT ? Snapshots.IN_RUN.captureAll() : null;
  }

  /** Returns what {@code call} returns, called with {@code captured} set on this thread. */
  static <T extends @Nullable Object> T callWith(@Nullable Object captured, Callable<T> call)
      throws Exception {
    if (captured == null) {
      return call.call();
    }
    return Snapshots.callWith(captured, call);
  }

  /** Loaded only when context-propagation is on the class path. */
  private static final class Snapshots {

    static final ContextSnapshotFactory IN_RUN = ContextSnapshotFactory.builder().build();

    static ContextSnapshotFactory leavingOut(@Nullable String key) {
      return key == null
          ? IN_RUN
          : ContextSnapshotFactory.builder().captureKeyPredicate(each -> !key.equals(each)).build();
    }

    static Object capture(Object factory) {
      return ((ContextSnapshotFactory) factory).captureAll();
    }

    @SuppressWarnings("try") // the scope restores this thread's own values when the call ends
    static <T extends @Nullable Object> T callWith(Object captured, Callable<T> call)
        throws Exception {
      try (ContextSnapshot.Scope scope = ((ContextSnapshot) captured).setThreadLocals()) {
        return call.call();
      }
    }
  }
}
