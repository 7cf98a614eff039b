package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.InvalidPropertiesException.InvalidProperty;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck.PropertyRejections;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;

/**
 * Where a value a builder rejects gets its property key: each bound value is handed to the builder
 * method that takes it through here, under the key it was bound from, and what the method rejects
 * ({@link IllegalArgumentException}, or {@link NullPointerException} for a missing value) is kept
 * with that key, the value as the configuration wrote it and where. The rules stay in the
 * builders; this class knows only the keys.
 */
final class PropertyErrors implements PropertyRejections {

  /** How the value of a hidden key is shown. */
  static final String HIDDEN = "******";

  /** By key: a value inherited by several executors or sections is reported once. */
  private final Map<String, InvalidProperty> rejected = new LinkedHashMap<>();

  /** The keys whose values are never shown: secrets. */
  private final Set<String> hidden = new HashSet<>();

  private final Iterable<ConfigurationPropertySource> sources;
  private int rejections;

  /** Keeps rejections with the value and origin {@code sources} give for each key. */
  PropertyErrors(Iterable<ConfigurationPropertySource> sources) {
    this.sources = sources;
  }

  /** Hands {@code value}, unless it is not set, to {@code setter}; keeps a rejection. */
  @Override
  public <T> void set(String key, @Nullable T value, Consumer<? super T> setter) {
    if (value != null) {
      take(
          key,
          value,
          () -> {
            setter.accept(value);
            return value;
          });
    }
  }

  /** Returns what {@code step} makes of {@code value}, or {@code null} if it rejects it. */
  @Override
  public <T> @Nullable T take(String key, Object value, Supplier<T> step) {
    try {
      return step.get();
    } catch (IllegalArgumentException | NullPointerException e) {
      reject(key, value, String.valueOf(e.getMessage()));
      return null;
    }
  }

  /** Shows the value of {@code key} as {@value #HIDDEN} in every rejection: a secret. */
  @Override
  public void hide(String key) {
    hidden.add(key);
  }

  /** Keeps a rejection of {@code value} under {@code key}. */
  @Override
  public void reject(String key, Object value, String reason) {
    rejections++;
    if (rejected.containsKey(key)) {
      return;
    }
    ConfigurationPropertyName name = ConfigurationPropertyName.ofIfValid(key);
    ConfigurationProperty written = name == null ? null : find(name);
    ConfigurationProperty item = name == null || written != null ? null : find(name.append("[0]"));
    rejected.put(
        key,
        new InvalidProperty(
            key,
            hidden.contains(key)
                ? HIDDEN
                : written != null
                    ? "'" + written.getValue() + "'"
                    : value instanceof String ? "'" + value + "'" : String.valueOf(value),
            written != null ? written.getOrigin() : item != null ? item.getOrigin() : null,
            // "waitTimeout must be positive: PT-5S": the key and the value as written replace both
            reason.replaceFirst("(?s)^[a-z][A-Za-z]* (must [^:]*)(: .*)?$", "$1")));
  }

  private @Nullable ConfigurationProperty find(ConfigurationPropertyName name) {
    for (ConfigurationPropertySource source : sources) {
      ConfigurationProperty property = source.getConfigurationProperty(name);
      if (property != null) {
        return property;
      }
    }
    return null;
  }

  /** Returns how many rejections there were so far, of a repeated key too. */
  @Override
  public int count() {
    return rejections;
  }

  /** Returns every rejection so far, each key once, in order. */
  List<InvalidProperty> rejected() {
    return List.copyOf(rejected.values());
  }

  /** Throws an {@link InvalidPropertiesException} with every rejection, in order, if any. */
  void throwIfAny() {
    if (!rejected.isEmpty()) {
      throw new InvalidPropertiesException(new ArrayList<>(rejected.values()));
    }
  }
}
