package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;
import org.springframework.aop.Advisor;
import org.springframework.aop.framework.AbstractAdvisingBeanPostProcessor;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.SmartInstantiationAwareBeanPostProcessor;
import org.springframework.core.OrderComparator;

/**
 * Proxies the beans that have {@code @Collapsible} or {@code @CollapseBatch} methods, or adds the
 * collapse advice to a bean that is already a proxy, at its place in the order of the proxy's
 * advice ({@link CollapseAdviceOrder}): after method security and method validation, so that
 * every caller passes its own checks, and before transactions and caching, so that callers who
 * join hold none. Proxies subclass the bean's class, as Spring Boot's do by default, so that a bean
 * injected by its class is still found. Each bean class is checked when its first bean is created.
 *
 * <p>A proxy that is frozen takes no more advice. One whose advice all goes after the collapse
 * advice is proxied again from outside; one with advice that must run for each caller, such as
 * method security, fails its bean's creation, since callers who join would skip that advice.
 *
 * <p>It has no order on purpose: Spring then runs it after every post-processor that has one,
 * which includes each that adds advice to a bean (method validation, {@code @Async}, retries,
 * concurrency limits, the auto-proxy creator of method security and aspects). Their advice is on
 * the proxy when this one adds its own, so its place can be chosen; advice added later could only
 * go after it.
 */
final class CollapseAnnotationPostProcessor
    implements SmartInstantiationAwareBeanPostProcessor, BeanClassLoaderAware, BeanFactoryAware {

  /** Makes and extends the proxies; it has an order, so it is used here and never registered. */
  private final Proxies proxies = new Proxies();
  private final ObjectProvider<CollapseMethods> methods;
  private volatile @Nullable BeanFactory beanFactory;

  /** Creates the post-processor; {@code methods} is asked for when the first bean is created. */
  CollapseAnnotationPostProcessor(ObjectProvider<CollapseMethods> methods) {
    this.methods = methods;
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public void setBeanClassLoader(ClassLoader classLoader) {
    proxies.setBeanClassLoader(classLoader);
  }

  @Override
  public Class<?> determineBeanType(Class<?> beanClass, String beanName) {
    return proxies.determineBeanType(beanClass, beanName);
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    Class<?> targetClass = AopUtils.getTargetClass(bean);
    if (!CollapseMethods.isAnnotated(targetClass)) {
      return bean;
    }
    CollapseMethods registry = methods.getObject();
    if (isSingleton(beanName)) {
      Object target = AopProxyUtils.getSingletonTarget(bean);
      registry.named(target != null ? target : bean, beanName);
    }
    try {
      registry.prepare(targetClass);
    } catch (MisconfiguredMethodException e) {
      // the registry checks classes, not beans; the bean being created is what a reader looks for
      throw e.forBean(beanName + " (" + targetClass.getName() + ")");
    }
    return proxies.advise(bean, beanName, registry);
  }

  /** Returns whether {@code beanName} is a singleton: one bean of that name on each instance. */
  private boolean isSingleton(String beanName) {
    BeanFactory factory = beanFactory;
    try {
      return factory != null && factory.containsBean(beanName) && factory.isSingleton(beanName);
    } catch (BeansException e) {
      return false;
    }
  }

  /** Returns where the collapse advice goes among a proxy's {@code existing} advice. */
  private static int placeIn(Advisor[] existing) {
    int place = existing.length;
    int afterPerCallerAdvice = 0;
    for (int i = existing.length - 1; i >= 0; i--) {
      if (OrderComparator.INSTANCE.compare(existing[i], CollapseAdvisor.ORDERED) > 0) {
        place = i;
      }
      if (afterPerCallerAdvice == 0 && validatesArguments(existing[i])) {
        afterPerCallerAdvice = i + 1;
      }
    }
    // method validation has no order: left to it, the advice of an unordered advisor would come
    // after the collapse advice, and a caller's arguments would reach a run or batch unchecked
    return Math.max(place, afterPerCallerAdvice);
  }

  /** Whether {@code advisor} is Spring's method validation, known by name: it may be absent. */
  private static boolean validatesArguments(Advisor advisor) {
    for (Class<?> type = advisor.getAdvice().getClass(); type != null;
        type = type.getSuperclass()) {
      if (type.getName().equals(
          "org.springframework.validation.beanvalidation.MethodValidationInterceptor")) {
        return true;
      }
    }
    return false;
  }

  /** Spring's proxy making, with the collapse advice placed in a proxy that exists already. */
  private static final class Proxies extends AbstractAdvisingBeanPostProcessor {

    private static final long serialVersionUID = 1L;

    Proxies() {
      setProxyTargetClass(true);
    }

    Object advise(Object bean, String beanName, CollapseMethods registry) {
      if (this.advisor == null) {
        this.advisor = new CollapseAdvisor(registry);
      }
      if (bean instanceof Advised advised
          && isEligible(AopProxyUtils.ultimateTargetClass(bean))) {
        int place = placeIn(advised.getAdvisors());
        if (!advised.isFrozen()) {
          advised.addAdvisor(place, this.advisor);
          return bean;
        }
        if (place > 0) {
          throw frozenBefore(beanName, advised, place);
        }
      }
      // a new proxy around the bean: its own advice, if any, all goes after the collapse advice
      return super.postProcessAfterInitialization(bean, beanName);
    }

    /**
     * A frozen proxy takes no more advice, so the collapse advice could only wrap it from outside,
     * before the first {@code place} advisors that must run for every caller: a caller who joins
     * would skip them.
     */
    private static IllegalStateException frozenBefore(String beanName, Advised advised,
        int place) {
      StringBuilder advice = new StringBuilder();
      for (int i = 0; i < place; i++) {
        advice.append(i == 0 ? "" : ", ")
            .append(advised.getAdvisors()[i].getAdvice().getClass().getName());
      }
      return new IllegalStateException("Bean '" + beanName + "' ("
          + AopProxyUtils.ultimateTargetClass(advised).getName() + ") has collapse annotations"
          + " but is a frozen proxy whose advice must run for each caller before the collapse"
          + " advice: " + advice + ". A frozen proxy takes no more advice, and collapse advice"
          + " around it would let callers who join skip that advice. Leave the proxy unfrozen.");
    }
  }
}
