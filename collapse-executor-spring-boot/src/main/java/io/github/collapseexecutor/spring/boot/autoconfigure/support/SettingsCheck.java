package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The checks of the configuration that a tier plugged in beside the adapters brings: they run with
 * the checks of every other {@code collapse.executor} value before any bean is made, and what they
 * reject stops startup in the same failure analysis.
 *
 * <p>Implementations are listed in {@code META-INF/spring.factories} under this type's name, not
 * defined as beans: the check runs in a bean factory post-processor, and must hold in every
 * context that has the core auto-configuration (a test slice, an explicit list of
 * auto-configurations), as must the unknown-key check that knows their keys. An implementation
 * has a constructor without parameters and loads no class of an optional library until it finds
 * the library present.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public interface SettingsCheck {

  /**
   * Returns the {@code @ConfigurationProperties} classes below {@code collapse.executor} that the
   * tier binds: bound for the check whether or not the tier is on, and their keys known to the
   * unknown-key check.
   */
  List<Class<?>> properties();

  /** Rejects into {@link CheckedSettings#rejections()} each mistake of the tier's settings. */
  void check(CheckedSettings settings);

  /**
   * What a {@link SettingsCheck} sees of the configuration, bound before any bean is made.
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  interface CheckedSettings {

    /**
     * Returns the bound {@code type}, one of the properties classes below
     * {@code collapse.executor}, the built-in ones or those of a {@link SettingsCheck}; each value
     * the binder could not read is left at its default, and reported as such.
     */
    <T> T bound(Class<T> type);

    /** Returns the HTTP sections not switched off by their own {@code enabled}. */
    List<HttpSection> enabledSections();

    /**
     * Returns whether the client library of the section {@code key} under
     * {@code collapse.executor} is on the class path, or it needs none.
     */
    boolean isLibraryPresent(String key);

    /** Returns whether annotated methods are set up ({@code annotations.enabled}). */
    boolean annotationsEnabled();

    /** Returns the application's class loader, which has the optional libraries or not. */
    @Nullable ClassLoader classLoader();

    /**
     * Returns whether the application defines a bean of the class named {@code type}, judged from
     * the bean definitions alone, as conditions judge them.
     */
    boolean hasBean(String type);

    /** Returns where the check keeps what it rejects. */
    PropertyRejections rejections();
  }

  /**
   * Where a {@link SettingsCheck} keeps the values it rejects, each under its key, with the value
   * as the configuration wrote it and where: they stop startup with every other mistake of the
   * configuration, in one failure analysis. A value handed to a builder through {@link #set} or
   * {@link #take} is rejected with what the builder throws ({@link IllegalArgumentException}, or
   * {@link NullPointerException} for a missing value), so that the rules stay in the builders.
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  interface PropertyRejections {

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
}
