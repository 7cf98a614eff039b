package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutor;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Registers every singleton bean that is a core {@link CollapseExecutor} in
 * {@link CollapseExecutors} once it is initialised, so that the {@code collapse} endpoint can
 * switch it by name. Beans of other scopes are left out: the registry would keep every instance.
 */
final class CoreExecutorRegistrar implements BeanPostProcessor, BeanFactoryAware {

  private final ObjectProvider<CollapseExecutors> executors;

  @SuppressWarnings("NullAway.Init") // set by Spring before any other callback
  private BeanFactory beanFactory;

  CoreExecutorRegistrar(ObjectProvider<CollapseExecutors> executors) {
    this.executors = executors;
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
    if (bean instanceof CollapseExecutor executor && isSingleton(beanName)) {
      CollapseExecutors registry = executors.getIfUnique();
      if (registry != null) {
        registry.register(executor);
      }
    }
    return bean;
  }

  private boolean isSingleton(String beanName) {
    return beanFactory != null
        && beanFactory.containsBean(beanName)
        && beanFactory.isSingleton(beanName);
  }
}
