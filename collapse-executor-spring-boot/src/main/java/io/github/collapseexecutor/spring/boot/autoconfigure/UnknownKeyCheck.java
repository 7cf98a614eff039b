package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Looks for {@code collapse.executor} keys that no property binds before any bean is created, so
 * that a typo stops the application before the mistake it hides does (a group whose
 * {@code uirs} left it without a pattern). What happens then is
 * {@code collapse.executor.unknown-keys}: fail (the default), warn or ignore. Environment
 * variables are only ever logged.
 */
final class UnknownKeyCheck implements BeanFactoryPostProcessor, EnvironmentAware {

  static final String MODE = "collapse.executor.unknown-keys";

  private static final Log logger = LogFactory.getLog(UnknownKeyCheck.class);

  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    UnknownKeys mode = Binder.get(environment).bind(MODE, UnknownKeys.class)
        .orElse(UnknownKeys.FAIL);
    if (mode == UnknownKeys.IGNORE
        || !(environment instanceof ConfigurableEnvironment configurable)) {
      return;
    }
    KeyTree keys = knownKeys(beanFactory.getBeanClassLoader());
    if (keys == null) {
      logger.warn("No configuration metadata describes collapse.executor; its keys are not"
          + " checked");
      return;
    }
    List<UnknownKey> unknown = new UnknownKeyFinder(keys).find(configurable);
    List<UnknownKey> failing = mode == UnknownKeys.FAIL
        ? unknown.stream().filter(key -> !key.environmentVariable()).toList() : List.of();
    for (UnknownKey key : unknown) {
      if (!failing.contains(key)) {
        logger.warn(key.message() + (key.origin() == null ? "" : " (" + key.origin() + ")"));
      }
    }
    if (!failing.isEmpty()) {
      throw new UnknownKeysException(failing);
    }
  }

  private static KeyTree knownKeys(ClassLoader classLoader) {
    try {
      return KnownKeys.load(classLoader != null ? classLoader : ClassUtils.getDefaultClassLoader());
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read the configuration metadata", e);
    }
  }
}
