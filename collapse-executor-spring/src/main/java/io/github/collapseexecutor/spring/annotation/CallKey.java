package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The same-key group of one call: the bean it was made on (by identity, so two beans of one class
 * never share), the method, the key, compared by {@code equals} and arrays by content, the
 * caller's identity ({@link CallerIdentities}), {@code null} when callers share across identities,
 * and the writes completed when the call arrived ({@link CompletedWrites}), so that a call never
 * joins a run that started before a write it follows.
 */
final class CallKey {

  private final Object target;
  private final Method method;
  private final @Nullable Object key;
  private final @Nullable Object caller;
  private final long writes;
  private final int hash;

  CallKey(
      Object target, Method method, @Nullable Object key, @Nullable Object caller, long writes) {
    this.target = target;
    this.method = method;
    this.key = key;
    this.caller = caller;
    this.writes = writes;
    this.hash =
        31
                * (31
                        * (31 * (31 * System.identityHashCode(target) + method.hashCode())
                            + Arrays.deepHashCode(new Object[] {key}))
                    + Objects.hashCode(caller))
            + Long.hashCode(writes);
  }

  /** Returns the bean the call was made on. */
  Object target() {
    return target;
  }

  /** Returns the method called. */
  Method method() {
    return method;
  }

  /** Returns the key: the arguments, or what the key expression made of them. */
  @Nullable Object key() {
    return key;
  }

  /** Returns the caller's identity, or {@code null} when callers share across identities. */
  @Nullable Object caller() {
    return caller;
  }

  /** Returns the writes completed when the call arrived. */
  long writes() {
    return writes;
  }

  /**
   * Returns this key with a subscriber's identity read from its Reactor context, which the key
   * could not know when the method was called.
   */
  CallKey withReactive(@Nullable Object identity) {
    return identity == null
        ? this
        : new CallKey(
            target, method, key, caller == null ? identity : List.of(caller, identity), writes);
  }

  /**
   * Returns this key as of {@code writes} completed writes: a {@code Mono}'s subscriber arrives
   * when it subscribes, which may be long after the method was called.
   */
  CallKey withWrites(long writes) {
    return writes == this.writes ? this : new CallKey(target, method, key, caller, writes);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CallKey that
        && target == that.target
        && method.equals(that.method)
        && writes == that.writes
        && Objects.deepEquals(key, that.key)
        && Objects.equals(caller, that.caller);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  /** The method and the key; the caller's identity is left out of logs. */
  @Override
  public String toString() {
    String shown = key instanceof Object[] args ? Arrays.deepToString(args) : String.valueOf(key);
    return MethodNames.executorName(method, method.getDeclaringClass()) + " " + shown;
  }
}
