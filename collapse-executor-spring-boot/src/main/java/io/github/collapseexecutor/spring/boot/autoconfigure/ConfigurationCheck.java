package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.InvalidPropertiesException.InvalidProperty;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck.CheckedSettings;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck.PropertyRejections;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * Every value of {@code collapse.executor} that does not hold, found at once before any bean is
 * created: each value the binder cannot read as its type (where Spring Boot's own binding stops at
 * the first), then, on what did bind, each value the library's builders reject
 * ({@link CollapseSettings}), each section that asks for a client library that is absent
 * ({@link AbsentLibraryCheck}), and what the checks of the tiers plugged in beside the adapters
 * reject ({@link SettingsCheck}, listed in {@code META-INF/spring.factories}). The sections
 * switched off by their own {@code enabled} are left out, as their beans are, and so are those
 * whose client library is absent.
 */
final class ConfigurationCheck {

  /** The checks the tiers contribute, from this module's {@code spring.factories}. */
  static final List<SettingsCheck> CONTRIBUTED =
      SpringFactoriesLoader.loadFactories(
          SettingsCheck.class, ConfigurationCheck.class.getClassLoader());

  private ConfigurationCheck() {}

  /**
   * Returns every invalid value, in the order of the properties classes and their keys.
   *
   * @param loader the application's class loader, which has the client libraries or not
   */
  static List<InvalidProperty> invalid(
      Binder binder, Iterable<ConfigurationPropertySource> sources, @Nullable ClassLoader loader) {
    return invalid(binder, sources, loader, type -> false);
  }

  /**
   * Returns every invalid value, in the order of the properties classes and their keys.
   *
   * @param loader the application's class loader, which has the client libraries or not
   * @param hasBean whether the application defines a bean of a type, by class name, for the
   *     contributed checks
   */
  static List<InvalidProperty> invalid(
      Binder binder,
      Iterable<ConfigurationPropertySource> sources,
      @Nullable ClassLoader loader,
      Predicate<String> hasBean) {
    PropertyErrors errors = new PropertyErrors(sources);
    Map<Class<?>, Object> bound = new LinkedHashMap<>();
    BindFailures failures = new BindFailures(errors);
    for (Class<?> type : UnknownKeyCheck.PROPERTIES) {
      Object value =
          binder.bindOrCreate(UnknownKeyCheck.prefixOf(type), Bindable.of(type), failures);
      bound.put(type, value);
    }
    List<HttpSection> sections = new ArrayList<>();
    bound
        .values()
        .forEach(
            value -> {
              if (value instanceof HttpSection section && section.isEnabled()) {
                sections.add(section);
              }
            });
    AbsentLibraryCheck.check(sources, loader, errors);
    // a key the binder could not read is reported as that, not as what its default led to
    PropertyErrors rejected = new PropertyErrors(sources);
    CollapseSettings.check(
        boundAs(bound, CollapseExecutorProperties.class),
        boundAs(bound, HttpAdapterProperties.class),
        boundAs(bound, NamedExecutorProperties.class),
        sections,
        rejected);
    boolean annotations =
        binder.bind(UnknownKeyCheck.READ_BY_CONDITION, Boolean.class).orElse(true);
    CheckedSettings checked =
        new Checked(bound, List.copyOf(sections), annotations, loader, hasBean, rejected);
    CONTRIBUTED.forEach(check -> check.check(checked));
    List<InvalidProperty> invalid = new ArrayList<>(errors.rejected());
    rejected.rejected().stream()
        .filter(property -> invalid.stream().noneMatch(read -> read.key().equals(property.key())))
        .forEach(invalid::add);
    return invalid;
  }

  /** Every class of UnknownKeyCheck.PROPERTIES was bound or created above. */
  private static <T> T boundAs(Map<Class<?>, Object> bound, Class<T> type) {
    return type.cast(Objects.requireNonNull(bound.get(type), type.getName()));
  }

  /** The configuration as the contributed checks see it. */
  private record Checked(
      Map<Class<?>, Object> bound,
      List<HttpSection> enabledSections,
      boolean annotationsEnabled,
      @Nullable ClassLoader classLoader,
      Predicate<String> beans,
      PropertyRejections rejections)
      implements CheckedSettings {

    @Override
    public <T> T bound(Class<T> type) {
      return boundAs(bound, type);
    }

    @Override
    public boolean isLibraryPresent(String key) {
      return AbsentLibraryCheck.isPresent(key, classLoader);
    }

    @Override
    public boolean hasBean(String type) {
      return beans.test(type);
    }
  }

  /** Keeps each value the binder cannot convert, and binds on without it. */
  private static final class BindFailures extends AbstractBindHandler {

    private final PropertyErrors errors;

    BindFailures(PropertyErrors errors) {
      this.errors = errors;
    }

    @Override
    public @Nullable Object onFailure(
        ConfigurationPropertyName name, Bindable<?> target, BindContext context, Exception error) {
      ConfigurationProperty property = context.getConfigurationProperty();
      Class<?> type = target.getType().resolve(Object.class);
      errors.reject(
          name.toString(),
          property == null ? "" : property.getValue(),
          type.isEnum()
              ? "not one of the allowed values: " + EnumValueFailureAnalyzer.allowed(type)
              : "cannot be read as " + typeName(type));
      return target.getValue() == null ? null : target.getValue().get();
    }

    private static String typeName(Class<?> type) {
      String name = type.getSimpleName();
      return ("AEIOU".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }
  }
}
