package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseEndpointProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcClientProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcServerProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseOkHttpProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseRestTemplateProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseServletFilterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseWebClientProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseWebFluxProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpServiceGroupProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.UnknownKeys;
import io.github.collapseexecutor.spring.boot.autoconfigure.InvalidPropertiesException.InvalidProperty;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.IgnoreErrorsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.util.ClassUtils;

/**
 * Before any bean is created, binds every properties class below {@code collapse.executor} with
 * Spring Boot's binder and reports each key of the configuration it does not look for: a typo,
 * which would hide a mistake (a group whose {@code uirs} left it without a pattern). What happens
 * then is {@code collapse.executor.unknown-keys}: fail (the default), warn or ignore. Unknown keys
 * are reported alone, since the values they leave unset cause the other mistakes; without them,
 * every value that does not hold ({@link ConfigurationCheck}) stops the application here, all of
 * them in one failure, so that no mistake hides another. Environment
 * variables are not checked: the environment is shared with every other program of the machine.
 */
final class UnknownKeyCheck implements BeanFactoryPostProcessor {

  static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of("collapse.executor");

  /** Where every key is described, for failure analyses. */
  static final String REFERENCE =
      "https://github.com/collapse-executor/collapse-executor/blob/main/docs/spring-boot.md";

  /**
   * Every class that binds below the prefix, bound whether or not its integration is on, so that
   * one configuration serves applications with and without it. A list, not a scan of the class
   * path at every startup; MetadataCoverageTest holds it to such a scan. The tiers plugged in
   * beside the adapters add theirs ({@link ConfigurationCheck#CONTRIBUTED}).
   */
  static final List<Class<?>> PROPERTIES =
      Stream.concat(
              Stream.<Class<?>>of(
                  CollapseExecutorProperties.class,
                  HttpAdapterProperties.class,
                  NamedExecutorProperties.class,
                  HttpServiceGroupProperties.class,
                  CollapseRestTemplateProperties.class,
                  CollapseWebClientProperties.class,
                  CollapseOkHttpProperties.class,
                  CollapseServletFilterProperties.class,
                  CollapseWebFluxProperties.class,
                  CollapseGrpcClientProperties.class,
                  CollapseGrpcServerProperties.class,
                  CollapseEndpointProperties.class),
              ConfigurationCheck.CONTRIBUTED.stream().flatMap(check -> check.properties().stream()))
          .toList();

  /** The key a condition reads and no class binds. */
  static final String READ_BY_CONDITION = "collapse.executor.annotations.enabled";

  private static final Log logger = LogFactory.getLog(UnknownKeyCheck.class);

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    ConfigurableEnvironment environment =
        beanFactory.getBean(
            ConfigurableApplicationContext.ENVIRONMENT_BEAN_NAME, ConfigurableEnvironment.class);
    Binder binder = Binder.get(environment);
    UnknownKeys mode =
        binder.bind("collapse.executor.unknown-keys", UnknownKeys.class).orElse(UnknownKeys.FAIL);
    List<UnknownKey> unknown =
        mode == UnknownKeys.IGNORE ? List.of() : find(environment, known(binder));
    // an unknown key first, alone: the mistakes it causes (a group left without a pattern) are
    // noise
    if (!unknown.isEmpty() && mode == UnknownKeys.FAIL) {
      throw new UnknownKeysException(unknown);
    }
    // then every value that does not hold, at once
    ClassLoader loader = beanFactory.getBeanClassLoader();
    List<InvalidProperty> invalid =
        ConfigurationCheck.invalid(
            binder,
            ConfigurationPropertySources.get(environment),
            loader,
            type -> hasBean(beanFactory, type, loader));
    if (!invalid.isEmpty()) {
      throw new InvalidPropertiesException(invalid);
    }
    unknown.forEach(
        key ->
            logger.warn(key.message() + (key.origin() == null ? "" : " (" + key.origin() + ")")));
  }

  /**
   * Whether {@code beanFactory} defines a bean of the class {@code type}, judged from the
   * definitions alone, as conditions judge them: no bean is made for it.
   */
  private static boolean hasBean(
      ConfigurableListableBeanFactory beanFactory, String type, @Nullable ClassLoader loader) {
    return ClassUtils.isPresent(type, loader)
        && beanFactory.getBeanNamesForType(
                    ClassUtils.resolveClassName(type, loader), true, /* allowEagerInit= */ false)
                .length
            > 0;
  }

  /**
   * Returns every name the binder looks for when it binds the classes from {@code binder}'s
   * sources, with the type it binds there: every property of every object it makes. A value that
   * does not convert is left to the application's own binding, which reports it.
   */
  static Map<ConfigurationPropertyName, Set<Class<?>>> known(Binder binder) {
    Map<ConfigurationPropertyName, Set<Class<?>>> known =
        new HashMap<>(Map.of(ConfigurationPropertyName.of(READ_BY_CONDITION), new HashSet<>()));
    BindHandler recorder =
        new IgnoreErrorsBindHandler(
            new BindHandler() {
              @Override
              public <T> Bindable<T> onStart(
                  ConfigurationPropertyName name, Bindable<T> target, BindContext context) {
                known
                    .computeIfAbsent(name, key -> new HashSet<>())
                    .add(target.getType().resolve(Object.class));
                return target;
              }
            });
    PROPERTIES.forEach(type -> binder.bind(prefixOf(type), Bindable.of(type), recorder));
    return known;
  }

  static String prefixOf(Class<?> type) {
    return MergedAnnotations.from(type).get(ConfigurationProperties.class).getString("prefix");
  }

  /** Returns the keys not in {@code known}, each once, in the order of the property sources. */
  private static List<UnknownKey> find(
      ConfigurableEnvironment environment, Map<ConfigurationPropertyName, Set<Class<?>>> known) {
    Map<String, @Nullable Origin> unknown = new LinkedHashMap<>();
    for (PropertySource<?> source : environment.getPropertySources()) {
      if (source instanceof EnumerablePropertySource<?> names
          && !(source instanceof SystemEnvironmentPropertySource)) {
        for (String written : names.getPropertyNames()) {
          ConfigurationPropertyName name = ConfigurationPropertyName.adapt(written, '.');
          if (PREFIX.isAncestorOf(name)
              && !known.containsKey(name)
              // an item of a list that a higher source replaced as a whole
              && !(name.isLastElementIndexed() && known.containsKey(name.getParent()))) {
            unknown.putIfAbsent(written, OriginLookup.getOrigin(source, written));
          }
        }
      }
    }
    NearestKeys nearest = new NearestKeys(known);
    return unknown.entrySet().stream()
        .map(
            key -> {
              String classic =
                  ClassicKeys.instead(
                      ConfigurationPropertyName.adapt(key.getKey(), '.').toString());
              return new UnknownKey(
                  key.getKey(),
                  key.getValue(),
                  classic == null ? nearest.nearest(key.getKey()) : List.of(),
                  classic);
            })
        .toList();
  }
}
