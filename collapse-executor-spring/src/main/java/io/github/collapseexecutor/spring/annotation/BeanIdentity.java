package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;

/** A bean compared by identity, so that two equal beans never share a batch or a run. */
record BeanIdentity(Object bean) {

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof BeanIdentity that && bean == that.bean;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(bean);
  }
}
