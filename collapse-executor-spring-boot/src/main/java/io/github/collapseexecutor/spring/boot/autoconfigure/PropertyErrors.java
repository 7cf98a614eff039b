package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.InvalidPropertiesException.InvalidProperty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Where a value a builder rejects gets its property key: each bound value is handed to the builder
 * method that takes it through here, under the key it was bound from, and what the method rejects
 * ({@link IllegalArgumentException}, or {@link NullPointerException} for a missing value) is kept
 * with that key. The rules stay in the builders; this class knows only the keys.
 */
final class PropertyErrors {

  /** By key: a value inherited by several executors or sections is reported once. */
  private final Map<String, InvalidProperty> rejected = new LinkedHashMap<>();
  private int rejections;

  /** Hands {@code value}, unless it is not set, to {@code setter}; keeps a rejection. */
  <T> void set(String key, @Nullable T value, Consumer<? super T> setter) {
    if (value != null) {
      take(key, value, () -> {
        setter.accept(value);
        return value;
      });
    }
  }

  /** Returns what {@code step} makes of {@code value}, or {@code null} if it rejects it. */
  <T> @Nullable T take(String key, Object value, Supplier<T> step) {
    try {
      return step.get();
    } catch (IllegalArgumentException | NullPointerException e) {
      reject(key, value, e.getMessage());
      return null;
    }
  }

  /** Keeps a rejection of {@code value} under {@code key}. */
  void reject(String key, Object value, String reason) {
    rejected.putIfAbsent(key, new InvalidProperty(key, value, reason));
    rejections++;
  }

  /** Returns how many rejections there were so far, of a repeated key too. */
  int count() {
    return rejections;
  }

  /**
   * Throws if anything was rejected.
   *
   * @throws InvalidPropertiesException with every rejection, in order
   */
  void throwIfAny() {
    if (!rejected.isEmpty()) {
      throw new InvalidPropertiesException(new ArrayList<>(rejected.values()));
    }
  }
}
