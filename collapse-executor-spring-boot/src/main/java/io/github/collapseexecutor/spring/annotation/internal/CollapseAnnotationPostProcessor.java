package io.github.collapseexecutor.spring.annotation.internal;

import org.springframework.aop.framework.AbstractAdvisingBeanPostProcessor;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Proxies the beans that have {@code @Collapsible} or {@code @CollapseBatch} methods, or adds the
 * collapse advice, first, to a bean that is already a proxy. Proxies subclass the bean's class, as
 * Spring Boot's do by default, so that a bean injected by its class is still found. Each bean
 * class is checked when its first bean is created.
 */
public final class CollapseAnnotationPostProcessor extends AbstractAdvisingBeanPostProcessor {

  private static final long serialVersionUID = 1L;

  private final transient ObjectProvider<CollapseMethods> methods;

  /** Creates the post-processor; {@code methods} is asked for when the first bean is created. */
  public CollapseAnnotationPostProcessor(ObjectProvider<CollapseMethods> methods) {
    this.methods = methods;
    setProxyTargetClass(true);
    // outermost: callers that join a run do not pay for the advice inside it
    setBeforeExistingAdvisors(true);
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    Class<?> targetClass = AopUtils.getTargetClass(bean);
    if (!CollapseMethods.isAnnotated(targetClass)) {
      return bean;
    }
    CollapseMethods registry = methods.getObject();
    registry.prepare(targetClass);
    if (this.advisor == null) {
      this.advisor = new CollapseAdvisor(registry);
    }
    return super.postProcessAfterInitialization(bean, beanName);
  }
}
