package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpointProperties;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Before any bean is created, binds every properties class below {@code collapse.executor} with
 * Spring Boot's binder and reports each key of the environment it leaves unbound: a typo, which
 * would hide a mistake (a group whose {@code uirs} left it without a pattern). What happens then
 * is {@code collapse.executor.unknown-keys}: fail (the default), warn or ignore. Environment
 * variables are only ever logged: the environment is shared with other programs.
 */
final class UnknownKeyCheck implements BeanFactoryPostProcessor, EnvironmentAware {

  static final String MODE = "collapse.executor.unknown-keys";

  static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of("collapse.executor");

  /** Where every key is described, for failure analyses. */
  static final String REFERENCE =
      "https://github.com/collapse-executor/collapse-executor/blob/main/docs/spring-boot.md";

  /**
   * Every class that binds below the prefix, bound whether or not its integration is on, so that
   * one configuration serves applications with and without it; MetadataCoverageTest holds the
   * list to a scan for {@code @ConfigurationProperties}.
   */
  static final List<Class<?>> PROPERTIES = List.of(CollapseExecutorProperties.class,
      HttpAdapterProperties.class, NamedExecutorProperties.class, HttpServiceGroupProperties.class,
      CollapseRestTemplateProperties.class, CollapseWebClientProperties.class,
      CollapseOkHttpProperties.class, CollapseServletFilterProperties.class,
      CollapseWebFluxProperties.class, CollapseGrpcClientProperties.class,
      CollapseEndpointProperties.class);

  /** The key a condition reads and no class binds. */
  static final String READ_BY_CONDITION = "collapse.executor.annotations.enabled";

  private static final Log logger = LogFactory.getLog(UnknownKeyCheck.class);

  private @Nullable Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    if (!(environment instanceof ConfigurableEnvironment configurable)) {
      return;
    }
    Binder binder = Binder.get(configurable);
    UnknownKeys mode = binder.bind(MODE, UnknownKeys.class).orElse(UnknownKeys.FAIL);
    if (mode == UnknownKeys.IGNORE) {
      return;
    }
    List<UnknownKey> unknown = find(configurable, bound(binder));
    List<UnknownKey> failing = mode == UnknownKeys.FAIL
        ? unknown.stream().filter(key -> !key.environmentVariable()).toList() : List.of();
    unknown.stream().filter(key -> !failing.contains(key)).forEach(key -> logger.warn(
        key.message() + (key.origin() == null ? "" : " (" + key.origin() + ")")));
    if (!failing.isEmpty()) {
      throw new UnknownKeysException(failing);
    }
  }

  /**
   * Returns the names below the prefix {@code binder} binds; a value it cannot convert counts as
   * bound, since the application's own binding reports it.
   */
  static Set<ConfigurationPropertyName> bound(Binder binder) {
    Set<ConfigurationPropertyName> bound = new HashSet<>(Set.of(
        ConfigurationPropertyName.of(READ_BY_CONDITION)));
    AbstractBindHandler recorder = new AbstractBindHandler() {
      @Override
      public Object onSuccess(ConfigurationPropertyName name, Bindable<?> target,
          BindContext context, Object result) {
        bound.add(name);
        return result;
      }

      @Override
      public @Nullable Object onFailure(ConfigurationPropertyName name, Bindable<?> target,
          BindContext context, Exception error) {
        bound.add(name);
        return null;
      }
    };
    PROPERTIES.forEach(type -> binder.bind(prefixOf(type), Bindable.of(type), recorder));
    return bound;
  }

  static String prefixOf(Class<?> type) {
    return MergedAnnotations.from(type).get(ConfigurationProperties.class).getString("prefix");
  }

  /** Returns the keys of {@code environment} not in {@code bound}, each once, in source order. */
  private static List<UnknownKey> find(ConfigurableEnvironment environment,
      Set<ConfigurationPropertyName> bound) {
    Map<String, UnknownKey> unknown = new LinkedHashMap<>();
    NearestKeys suggestions = new NearestKeys();
    for (PropertySource<?> source : environment.getPropertySources()) {
      if (ConfigurationPropertySources.isAttachedConfigurationPropertySource(source)
          || !(source instanceof EnumerablePropertySource<?> names)) {
        continue;
      }
      boolean variables = source instanceof SystemEnvironmentPropertySource;
      for (String written : names.getPropertyNames()) {
        ConfigurationPropertyName name = ConfigurationPropertyName.adapt(written, '.');
        boolean isUnknown = variables ? isUnboundVariable(written, bound)
            : PREFIX.isAncestorOf(name) && !bound.contains(name)
                // an item of a list that a higher source replaced as a whole
                && !(name.isLastElementIndexed() && bound.contains(name.getParent()));
        if (isUnknown && !unknown.containsKey(written)) {
          Origin origin = OriginLookup.getOrigin(source, written);
          unknown.put(written, new UnknownKey(written, origin == null ? null : origin.toString(),
              variables ? List.of() : suggestions.nearest(name), variables));
        }
      }
    }
    return List.copyOf(unknown.values());
  }

  /**
   * Returns whether {@code variable} is a {@code COLLAPSE_EXECUTOR_} variable that is none of the
   * two names Spring Boot reads a bound key from: with its dashes dropped or as underscores.
   */
  private static boolean isUnboundVariable(String variable, Set<ConfigurationPropertyName> bound) {
    return variable.toUpperCase(Locale.ROOT).startsWith("COLLAPSE_EXECUTOR_")
        && bound.stream().map(name -> name.toString().replace('.', '_').replace('[', '_')
            .replace("]", "")).noneMatch(key -> variable.equalsIgnoreCase(key.replace("-", ""))
                || variable.equalsIgnoreCase(key.replace('-', '_')));
  }
}
