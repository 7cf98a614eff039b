package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/** Collapses the calls of one annotated method. */
interface MethodCollapser extends MethodAdvice {

  /** Returns what the call returns, sharing its run with concurrent calls. */
  @Override
  @Nullable Object invoke(MethodInvocation invocation) throws Throwable;

  /** Returns what the endpoint shows of this method. */
  CollapsedMethod description();

  /** Returns where what its calls did beyond its executor's reports goes. */
  MethodReports reports();
}
