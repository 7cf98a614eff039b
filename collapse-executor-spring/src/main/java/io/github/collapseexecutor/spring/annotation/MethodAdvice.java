package io.github.collapseexecutor.spring.annotation;

import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/** What the collapse advice does for the calls of one annotated method. */
interface MethodAdvice {

  /** Returns what the call returns. */
  @Nullable Object invoke(MethodInvocation invocation) throws Throwable;
}
