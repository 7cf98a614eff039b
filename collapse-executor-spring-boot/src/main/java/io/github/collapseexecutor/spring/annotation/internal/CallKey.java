package io.github.collapseexecutor.spring.annotation.internal;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Objects;

/**
 * The same-key group of one call: the bean it was made on (by identity, so two beans of one class
 * never share), the method, and the key, compared by {@code equals} and arrays by content.
 */
final class CallKey {

  private final Object target;
  private final Method method;
  private final Object key;
  private final int hash;

  CallKey(Object target, Method method, Object key) {
    this.target = target;
    this.method = method;
    this.key = key;
    this.hash = 31 * (31 * System.identityHashCode(target) + method.hashCode())
        + Arrays.deepHashCode(new Object[] {key});
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CallKey that && target == that.target && method.equals(that.method)
        && Objects.deepEquals(key, that.key);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    String shown = key instanceof Object[] args ? Arrays.deepToString(args) : String.valueOf(key);
    return MethodNames.executorName(method) + " " + shown;
  }
}
