package io.github.collapseexecutor.spring.annotation;

import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Every {@link CallerIdentity} and {@link ReactiveCallerIdentity} of the application, asked as
 * one: two callers share a run or a batch only if each of them answers equal values.
 */
final class CallerIdentities {

  /** No identity: every caller with equal arguments shares. */
  public static final CallerIdentities NONE = new CallerIdentities(List.of(), List.of());

  private final CallerIdentity[] threadBound;
  private final List<ReactiveCallerIdentity> reactive;

  /** Creates the identities from the beans of each type, in their order. */
  public CallerIdentities(List<CallerIdentity> threadBound, List<ReactiveCallerIdentity> reactive) {
    this.threadBound = threadBound.toArray(new CallerIdentity[0]);
    this.reactive = List.copyOf(reactive);
  }

  /** Returns the calling thread's identity, or {@code null} if nothing tells it apart. */
  @SuppressWarnings("NullTernary") // the switch yields an Object: nothing is unboxed
  @Nullable Object current() {
    return switch (threadBound.length) {
      case 0 -> null;
      case 1 -> threadBound[0].current();
      default -> {
        Object[] values = new Object[threadBound.length];
        boolean any = false;
        for (int i = 0; i < values.length; i++) {
          values[i] = threadBound[i].current();
          any |= values[i] != null;
        }
        yield any ? Arrays.asList(values) : null;
      }
    };
  }

  /** Returns the identities read from a subscriber's Reactor context, in their order. */
  List<ReactiveCallerIdentity> reactive() {
    return reactive;
  }
}
