package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import org.aopalliance.aop.Advice;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;
import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.core.Ordered;
import org.springframework.util.ClassUtils;

/** Intercepts the methods {@link CollapseMethods} found, and hands each call to its collapser. */
final class CollapseAdvisor extends AbstractPointcutAdvisor {

  private static final long serialVersionUID = 1L;

  /** What an advisor is compared with to find the collapse advice's place among others. */
  static final Ordered ORDERED = () -> CollapseAdviceOrder.ORDER;

  /** Why a call goes straight to the method while its executor is switched off. */
  private static final String SWITCHED_OFF = "switched-off";

  private final transient CollapseMethods methods;
  private final transient Pointcut pointcut;
  private final transient MethodInterceptor interceptor;

  CollapseAdvisor(CollapseMethods methods) {
    this.methods = methods;
    this.pointcut = new StaticMethodMatcherPointcut() {
      @Override
      public boolean matches(Method method, Class<?> targetClass) {
        return CollapseAdvisor.this.methods.find(method, targetClass) != null;
      }
    };
    this.interceptor = this::invoke;
    setOrder(CollapseAdviceOrder.ORDER);
  }

  private @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    Object target = invocation.getThis();
    MethodCollapser collapser = methods.find(invocation.getMethod(),
        target == null ? null : ClassUtils.getUserClass(target));
    if (collapser == null) {
      return invocation.proceed();
    }
    if (!methods.isCollapsing(collapser.description())) {
      methods.observer().notCollapsed(SWITCHED_OFF);
      return invocation.proceed();
    }
    return collapser.invoke(invocation);
  }

  @Override
  public Pointcut getPointcut() {
    return pointcut;
  }

  @Override
  public Advice getAdvice() {
    return interceptor;
  }
}
