package io.github.collapseexecutor.core.internal;

/** Default executor names. */
public final class Names {

  private Names() {}

  /** Returns {@code name}, or the simple name of {@code type} (its full name if anonymous). */
  public static String of(String name, Class<?> type) {
    if (name != null) {
      return name;
    }
    String simple = type.getSimpleName();
    return simple.isEmpty() ? type.getName() : simple;
  }
}
