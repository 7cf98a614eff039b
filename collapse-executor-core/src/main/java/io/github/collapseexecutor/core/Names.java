package io.github.collapseexecutor.core;

import org.jspecify.annotations.Nullable;

/** Default executor names, and user values as error messages show them. */
final class Names {

  private Names() {}

  /** Returns {@code name}, or the simple name of {@code type} (its full name if anonymous). */
  static String of(@Nullable String name, Class<?> type) {
    if (name != null) {
      return name;
    }
    String simple = type.getSimpleName();
    return simple.isEmpty() ? type.getName() : simple;
  }

  /**
   * Returns {@code value} as an error message shows it: its {@code toString()}, or its class and
   * identity if that throws, so that a message about a failing call never fails itself.
   */
  static String describe(Object value) {
    try {
      return String.valueOf(value);
    } catch (Throwable e) {
      return value.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(value));
    }
  }
}
