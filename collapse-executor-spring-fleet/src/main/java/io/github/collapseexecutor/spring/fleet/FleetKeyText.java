package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.fleet.PortableText;
import java.lang.reflect.Method;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The text of a same-key group that another instance writes alike ({@link PortableText}): the
 * bean, the method, the key and the caller's identity. For a key or caller that cannot be written
 * nothing is ({@link PortableText.Unwritable}), and the call stays on its instance. The writes a
 * local key holds are left out: each instance counts its own, and the collapser keeps a run that
 * follows a write here apart ({@link io.github.collapseexecutor.spring.annotation.LeaderRoutes}).
 */
final class FleetKeyText {

  private FleetKeyText() {}

  /**
   * Returns the text of the group of {@code method} called on the bean named {@code beanName}.
   *
   * @throws PortableText.Unwritable if one of {@code key} and {@code caller} cannot be written
   */
  static List<String> of(
      String beanName, Method method, @Nullable Object key, @Nullable Object caller) {
    // the key and the arrays in it compare by content (Objects.deepEquals), the caller by equals
    return List.of(
        "Collapsible",
        beanName,
        method.toGenericString(),
        PortableText.of(key, /* arrayByContent= */ true),
        PortableText.of(caller, /* arrayByContent= */ false));
  }
}
