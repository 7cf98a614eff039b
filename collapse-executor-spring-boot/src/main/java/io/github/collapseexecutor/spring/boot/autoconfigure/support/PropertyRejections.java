package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Where a {@link SettingsCheck} keeps the values it rejects, each under its key, with the value
 * as the configuration wrote it and where: they stop startup with every other mistake of the
 * configuration, in one failure analysis. A value handed to a builder through {@link #set} or
 * {@link #take} is rejected with what the builder throws ({@link IllegalArgumentException}, or
 * {@link NullPointerException} for a missing value), so that the rules stay in the builders.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public interface PropertyRejections {

  /** Hands {@code value}, unless it is not set, to {@code setter}; keeps a rejection. */
  <T> void set(String key, @Nullable T value, Consumer<? super T> setter);

  /** Returns what {@code step} makes of {@code value}, or {@code null} if it rejects it. */
  <T> @Nullable T take(String key, Object value, Supplier<T> step);

  /** Shows the value of {@code key} masked in every rejection: a secret. */
  void hide(String key);

  /** Keeps a rejection of {@code value} under {@code key}. */
  void reject(String key, Object value, String reason);

  /** Returns how many rejections there were so far, of a repeated key too. */
  int count();
}
