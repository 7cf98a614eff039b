package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.util.List;

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
}
