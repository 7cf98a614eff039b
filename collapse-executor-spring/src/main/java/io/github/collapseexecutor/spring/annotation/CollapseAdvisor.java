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

/**
 * Intercepts the annotated methods of one bean, as {@link CollapseMethods} found them, and hands
 * each call to its advice: a collapser, or a barrier. One per bean, since the methods of an
 * interface (a repository's) are the bean's own.
 */
final class CollapseAdvisor extends AbstractPointcutAdvisor {

  private static final long serialVersionUID = 1L;

  /** What an advisor is compared with to find the collapse advice's place among others. */
  static final Ordered ORDERED = () -> CollapseAdviceOrder.ORDER;

  /** Why a call goes straight to the method while its executor is switched off. */
  private static final String SWITCHED_OFF = "switched-off";

  private final transient CollapseMethods registry;
  private final transient BeanMethods methods;
  private final transient Pointcut pointcut;
  private final transient MethodInterceptor interceptor;

  CollapseAdvisor(CollapseMethods registry, BeanMethods methods) {
    this.registry = registry;
    this.methods = methods;
    this.pointcut =
        new StaticMethodMatcherPointcut() {
          @Override
          public boolean matches(Method method, Class<?> targetClass) {
            return CollapseAdvisor.this.methods.find(method, targetClass) != null;
          }
        };
    this.interceptor = this::invoke;
    setOrder(CollapseAdviceOrder.ORDER);
  }

  /** Returns the annotated methods this advisor intercepts. */
  BeanMethods methods() {
    return methods;
  }

  private @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    Object target = invocation.getThis();
    MethodAdvice advice =
        methods.find(
            invocation.getMethod(), target == null ? null : ClassUtils.getUserClass(target));
    if (advice == null) {
      return invocation.proceed();
    }
    if (advice instanceof MethodCollapser collapser
        && !registry.isCollapsing(collapser.description())) {
      collapser.reports().notCollapsed(SWITCHED_OFF);
      return invocation.proceed();
    }
    return advice.invoke(invocation);
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
