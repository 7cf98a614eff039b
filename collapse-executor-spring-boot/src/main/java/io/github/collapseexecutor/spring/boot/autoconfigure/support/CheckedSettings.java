package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link SettingsCheck} sees of the configuration, bound before any bean is made.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public interface CheckedSettings {

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
