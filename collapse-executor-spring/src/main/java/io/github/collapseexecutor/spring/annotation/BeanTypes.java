package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.util.ClassUtils;

/**
 * Where the annotations of a bean are looked for: the class of the object behind every proxy
 * layer (a proxy class itself never: its methods are final and only forward), and the interfaces
 * a proxy layer exposes that this class does not implement. A Spring Data repository is a JDK
 * proxy of its interface around a class that does not implement it ({@code SimpleJpaRepository}),
 * perhaps inside a caching or transaction proxy: its interface is where its annotations are.
 *
 * @param targetClass the user class behind the proxies, or {@code null} when there is no class
 *     of its own there (a JDK proxy with no target, such as an HTTP interface client)
 * @param interfaces the interfaces whose methods are looked at beside the class's, each the
 *     context its methods' generic types resolve in
 */
record BeanTypes(@Nullable Class<?> targetClass, List<Class<?>> interfaces) {

  /** Returns the types of {@code bean}, as it is now: a plain object or a proxy. */
  static BeanTypes of(Object bean) {
    Class<?> ultimate = AopProxyUtils.ultimateTargetClass(bean);
    Class<?> target = Proxy.isProxyClass(ultimate) ? null : ClassUtils.getUserClass(ultimate);
    Set<Class<?>> interfaces = new LinkedHashSet<>();
    Object layer = bean;
    // each layer of proxies may expose interfaces of its own; a bounded walk, as cycles cannot be
    for (int depth = 0; layer != null && depth < 16; depth++) {
      if (layer instanceof Advised) {
        interfaces.addAll(List.of(AopProxyUtils.proxiedUserInterfaces(layer)));
      } else if (Proxy.isProxyClass(layer.getClass())) {
        interfaces.addAll(List.of(layer.getClass().getInterfaces()));
      }
      layer = AopProxyUtils.getSingletonTarget(layer);
    }
    List<Class<?>> ownInterfaces = new ArrayList<>();
    for (Class<?> candidate : interfaces) {
      if (target == null || !candidate.isAssignableFrom(target)) {
        ownInterfaces.add(candidate);
      }
    }
    return new BeanTypes(target, List.copyOf(ownInterfaces));
  }

  /** Returns the types of a bean of {@code beanClass} that no proxy hides. */
  static BeanTypes of(Class<?> beanClass) {
    return Proxy.isProxyClass(beanClass)
        ? new BeanTypes(null, List.of(beanClass.getInterfaces()))
        : new BeanTypes(ClassUtils.getUserClass(beanClass), List.of());
  }

  /** Returns whether any of the types carries a collapse annotation. */
  boolean isAnnotated() {
    if (targetClass != null && CollapseMethods.isAnnotated(targetClass)) {
      return true;
    }
    for (Class<?> candidate : interfaces) {
      if (CollapseMethods.isAnnotated(candidate)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Names the bean's type in messages: the interface a proxy exposes (a repository's), or else
   * the class.
   */
  String shown() {
    if (!interfaces.isEmpty()) {
      return interfaces.get(0).getName();
    }
    return targetClass == null ? "a proxy" : targetClass.getName();
  }
}
