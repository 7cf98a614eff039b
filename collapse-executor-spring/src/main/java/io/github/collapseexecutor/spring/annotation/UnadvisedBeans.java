package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * Finds, at the end of startup, the singletons with annotated methods that the collapse
 * post-processor never advised, and stops the application: their annotations would be ignored
 * without a word. Such a bean was created before the post-processor was registered, because a
 * post-processor, or a bean one depends on, needed it: Spring logs that it "is not eligible for
 * getting processed by all BeanPostProcessors". A repository whose factory made it is checked as
 * the repository, made now if no bean has asked for it yet (unless its definition is lazy).
 */
final class UnadvisedBeans {

  private final ConfigurableListableBeanFactory factory;
  private final ObjectProvider<CollapseMethods> methods;
  private final Set<String> advised;

  /**
   * @param advised the names of the beans the post-processor advised
   */
  UnadvisedBeans(
      ConfigurableListableBeanFactory factory,
      ObjectProvider<CollapseMethods> methods,
      Set<String> advised) {
    this.factory = factory;
    this.methods = methods;
    this.advised = advised;
  }

  /**
   * Checks every singleton created so far.
   *
   * @throws MisconfiguredMethodException naming the first bean whose annotations would be ignored
   */
  void check() {
    for (String name : factory.getSingletonNames()) {
      if (advised.contains(name)) {
        continue;
      }
      Object bean = exposed(name);
      if (bean != null && !isAdvised(bean)) {
        BeanTypes types = BeanTypes.of(bean);
        if (types.isAnnotated()) {
          refuse(name, types);
        }
      }
    }
  }

  /** Returns the object the application gets for {@code name}, or {@code null} to skip it. */
  private @Nullable Object exposed(String name) {
    Object singleton = factory.getSingleton(name);
    if (!(singleton instanceof FactoryBean<?> maker)) {
      return singleton;
    }
    Class<?> made = maker.getObjectType();
    if (!maker.isSingleton()
        || made == null
        || !BeanTypes.of(made).isAnnotated()
        || (factory.containsBeanDefinition(name) && factory.getBeanDefinition(name).isLazyInit())) {
      return null;
    }
    return factory.getBean(name);
  }

  /** Whether a layer of {@code bean}'s proxies holds the collapse advice. */
  private static boolean isAdvised(Object bean) {
    Object layer = bean;
    for (int depth = 0; layer != null && depth < 16; depth++) {
      if (layer instanceof Advised proxy) {
        for (var advisor : proxy.getAdvisors()) {
          if (advisor instanceof CollapseAdvisor) {
            return true;
          }
        }
      }
      layer = AopProxyUtils.getSingletonTarget(layer);
    }
    return false;
  }

  private void refuse(String name, BeanTypes types) {
    BeanMethods found;
    try {
      found = methods.getObject().methodsOf(types);
    } catch (MisconfiguredMethodException e) {
      throw e.forBean(name + " (" + types.shown() + ")");
    }
    if (found.isEmpty()) {
      return;
    }
    Map.Entry<Method, MethodAdvice> first = found.declared().entrySet().iterator().next();
    throw new MisconfiguredMethodException(
            annotationOn(first.getKey()),
            MethodNames.of(first.getKey()),
            "the bean was created before the collapse"
                + " post-processor could proxy it, so no call of its annotated methods "
                + shown(found)
                + " would collapse or pass its barrier; Spring logs such a bean as not eligible for"
                + " getting processed by all BeanPostProcessors",
            "A post-processor, or a bean one depends on, needs '"
                + name
                + "' at startup: inject it"
                + " there lazily (an ObjectProvider, or @Lazy on the injection point), or register"
                + " it as a bean Spring creates rather than a singleton object.",
            null)
        .forBean(name + " (" + types.shown() + ")");
  }

  private static String shown(BeanMethods found) {
    return found.declared().keySet().stream().map(MethodNames::of).sorted().toList().toString();
  }

  private static String annotationOn(Method method) {
    for (Class<? extends Annotation> type : List.of(CollapseBatch.class, CollapseBarrier.class)) {
      if (AnnotatedElementUtils.hasAnnotation(method, type)) {
        return type.getSimpleName();
      }
    }
    return Collapsible.class.getSimpleName();
  }
}
