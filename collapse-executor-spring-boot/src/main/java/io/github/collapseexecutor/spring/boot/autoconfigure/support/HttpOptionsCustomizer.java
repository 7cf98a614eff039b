package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;

/**
 * Adds to the options of an HTTP adapter what a tier plugged in beside the adapters brings for the
 * section's own keys of that tier. Every bean of this type is applied, in order, to the options of
 * every client and server section the auto-configuration builds, after the section's own settings
 * and before what the adapter's own auto-configuration adds; the auto-configurations of the
 * adapters know the beans only by this type.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
@FunctionalInterface
public interface HttpOptionsCustomizer {

  /**
   * Customizes the options of the adapter of {@code section}.
   *
   * @throws RuntimeException to stop startup, when the section asks for what cannot be given
   */
  void customize(HttpSection section, HttpCollapseOptions.Builder options);
}
