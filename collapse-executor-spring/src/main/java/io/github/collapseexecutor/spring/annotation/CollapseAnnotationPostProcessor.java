package io.github.collapseexecutor.spring.annotation;

import org.springframework.aop.Advisor;
import org.springframework.aop.framework.AbstractAdvisingBeanPostProcessor;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.OrderComparator;

/**
 * Proxies the beans that have {@code @Collapsible} or {@code @CollapseBatch} methods, or adds the
 * collapse advice to a bean that is already a proxy, at its place in the order of the proxy's
 * advice ({@link CollapseAdviceOrder}): after method security, so that every caller passes its
 * own checks, and before transactions and caching, so that callers who join hold none. Proxies
 * subclass the bean's class, as Spring Boot's do by default, so that a bean injected by its class
 * is still found. Each bean class is checked when its first bean is created.
 */
public final class CollapseAnnotationPostProcessor extends AbstractAdvisingBeanPostProcessor {

  private static final long serialVersionUID = 1L;

  private final transient ObjectProvider<CollapseMethods> methods;

  /** Creates the post-processor; {@code methods} is asked for when the first bean is created. */
  public CollapseAnnotationPostProcessor(ObjectProvider<CollapseMethods> methods) {
    this.methods = methods;
    setProxyTargetClass(true);
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    Class<?> targetClass = AopUtils.getTargetClass(bean);
    if (!CollapseMethods.isAnnotated(targetClass)) {
      return bean;
    }
    CollapseMethods registry = methods.getObject();
    try {
      registry.prepare(targetClass);
    } catch (MisconfiguredMethodException e) {
      // the registry checks classes, not beans; the bean being created is what a reader looks for
      throw e.forBean(beanName + " (" + targetClass.getName() + ")");
    }
    if (this.advisor == null) {
      this.advisor = new CollapseAdvisor(registry);
    }
    if (bean instanceof Advised advised && !advised.isFrozen()
        && isEligible(AopProxyUtils.ultimateTargetClass(bean))) {
      advised.addAdvisor(placeIn(advised.getAdvisors()), this.advisor);
      return bean;
    }
    return super.postProcessAfterInitialization(bean, beanName);
  }

  /** Returns the index before the first advisor ordered after the collapse advice. */
  private static int placeIn(Advisor[] existing) {
    for (int i = 0; i < existing.length; i++) {
      if (OrderComparator.INSTANCE.compare(existing[i], CollapseAdvisor.ORDERED) > 0) {
        return i;
      }
    }
    return existing.length;
  }
}
