package io.github.collapseexecutor.spring.annotation;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.Advisor;
import org.springframework.aop.TargetSource;
import org.springframework.aop.framework.AbstractAdvisingBeanPostProcessor;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AdvisedSupport;
import org.springframework.aop.framework.AopInfrastructureBean;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.SmartInstantiationAwareBeanPostProcessor;
import org.springframework.core.OrderComparator;
import org.springframework.core.SmartClassLoader;

/**
 * Proxies the beans that have {@code @Collapsible}, {@code @CollapseBatch} or
 * {@code @CollapseBarrier} methods, or adds the collapse advice to a bean that is already a proxy,
 * at its place in the order of the proxy's advice ({@link CollapseAdviceOrder}): after method
 * security and method validation, so that every caller passes its own checks, and before
 * transactions and caching, so that callers who join hold none. Annotations are found on the
 * bean's class and on the interfaces its proxies expose ({@link BeanTypes}): a Spring Data
 * repository's interface, behind a JDK proxy, inside a caching or transaction proxy. New proxies
 * subclass the bean's class, as Spring Boot's do by default, so that a bean injected by its class
 * is still found; a JDK proxy is proxied by its interfaces.
 *
 * <p>A proxy that is frozen takes no more advice. One whose advice all goes after the collapse
 * advice is proxied again from outside; one with advice that must run for each caller, such as
 * method security, fails its bean's creation, since callers who join would skip that advice.
 *
 * <p>At the end of startup every singleton that has annotated methods and was not advised (it
 * was created before this post-processor could see it) stops the application: its annotations
 * would be ignored ({@link UnadvisedBeans}).
 *
 * <p>It has no order on purpose: Spring then runs it after every post-processor that has one,
 * which includes each that adds advice to a bean (method validation, {@code @Async}, retries,
 * concurrency limits, caching, the auto-proxy creator of method security and aspects). Their
 * advice is on the proxy when this one adds its own, so its place can be chosen; advice added
 * later could only go after it.
 */
final class CollapseAnnotationPostProcessor
    implements SmartInstantiationAwareBeanPostProcessor,
        BeanClassLoaderAware,
        BeanFactoryAware,
        SmartInitializingSingleton {

  /** The advice of Spring's method validation and of Spring Data's argument checks, by name. */
  private static final Set<String> PER_CALLER_ADVICE =
      Set.of(
          "org.springframework.validation.beanvalidation.MethodValidationInterceptor",
          "org.springframework.data.repository.core.support.MethodInvocationValidator");

  /** Makes the proxies; it has an order, so it is used here and never registered. */
  private final Proxies proxies = new Proxies();

  private final ObjectProvider<CollapseMethods> methods;

  /** The beans advised so far, by name: what the check at the end of startup expects. */
  private final Set<String> advised = ConcurrentHashMap.newKeySet();

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
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (bean instanceof AopInfrastructureBean) {
      return bean;
    }
    BeanTypes types = BeanTypes.of(bean);
    if (!types.isAnnotated()) {
      return bean;
    }
    CollapseMethods registry = methods.getObject();
    BeanMethods found;
    try {
      found = registry.methodsOf(types);
    } catch (MisconfiguredMethodException e) {
      // the registry checks types, not beans; the bean being created is what a reader looks for
      throw e.forBean(beanName + " (" + types.shown() + ")");
    }
    if (found.isEmpty()) {
      return bean;
    }
    Object proxy = proxies.advise(bean, beanName, new CollapseAdvisor(registry, found));
    if (isSingleton(beanName)) {
      // what the advice sees as the call's target: the bean inside the proxy it joined, or the
      // bean a new proxy wraps
      Object target = proxy == bean ? AopProxyUtils.getSingletonTarget(bean) : null;
      registry.named(target != null ? target : bean, beanName);
      advised.add(beanName);
    }
    return proxy;
  }

  @Override
  public void afterSingletonsInstantiated() {
    if (beanFactory instanceof ConfigurableListableBeanFactory factory) {
      new UnadvisedBeans(factory, methods, advised).check();
    }
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
      if (afterPerCallerAdvice == 0 && checksArguments(existing[i])) {
        afterPerCallerAdvice = i + 1;
      }
    }
    // argument checks have no order: left to it, the advice of an unordered advisor would come
    // after the collapse advice, and a caller's arguments would reach a run or batch unchecked
    return Math.max(place, afterPerCallerAdvice);
  }

  /** Whether {@code advisor} checks each caller's arguments, known by name: it may be absent. */
  private static boolean checksArguments(Advisor advisor) {
    for (Class<?> type = advisor.getAdvice().getClass();
        type != null;
        type = type.getSuperclass()) {
      if (PER_CALLER_ADVICE.contains(type.getName())) {
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

    Object advise(Object bean, String beanName, CollapseAdvisor advisor) {
      if (bean instanceof Advised advised) {
        int place = placeIn(advised.getAdvisors());
        TargetSource target = advised.getTargetSource();
        if (target == AdvisedSupport.EMPTY_TARGET_SOURCE && advised.getAdvisorCount() > 0) {
          // a proxy without a target (an HTTP interface client): its last advice makes the call
          place = Math.min(place, advised.getAdvisorCount() - 1);
        }
        if (!advised.isFrozen()) {
          advised.addAdvisor(place, advisor);
          return bean;
        }
        if (place > 0) {
          throw frozenBefore(beanName, advised, place);
        }
      }
      // a new proxy around the bean: its own advice, if any, all goes after the collapse advice;
      // a JDK proxy is proxied by the interfaces it implements
      ProxyFactory factory = prepareProxyFactory(bean, beanName);
      factory.addAdvisor(advisor);
      customizeProxyFactory(factory);
      factory.setFrozen(isFrozen());
      ClassLoader classLoader = getProxyClassLoader();
      if (classLoader instanceof SmartClassLoader smart
          && classLoader != bean.getClass().getClassLoader()) {
        classLoader = smart.getOriginalClassLoader();
      }
      return factory.getProxy(classLoader);
    }

    /**
     * A frozen proxy takes no more advice, so the collapse advice could only wrap it from outside,
     * before the first {@code place} advisors that must run for every caller: a caller who joins
     * would skip them.
     */
    private static IllegalStateException frozenBefore(String beanName, Advised advised, int place) {
      StringBuilder advice = new StringBuilder();
      for (int i = 0; i < place; i++) {
        advice
            .append(i == 0 ? "" : ", ")
            .append(advised.getAdvisors()[i].getAdvice().getClass().getName());
      }
      return new IllegalStateException(
          "Bean '"
              + beanName
              + "' ("
              + AopProxyUtils.ultimateTargetClass(advised).getName()
              + ") has collapse annotations"
              + " but is a frozen proxy whose advice must run for each caller before the collapse"
              + " advice: "
              + advice
              + ". A frozen proxy takes no more advice, and collapse advice"
              + " around it would let callers who join skip that advice. Leave the proxy unfrozen.");
    }
  }
}
