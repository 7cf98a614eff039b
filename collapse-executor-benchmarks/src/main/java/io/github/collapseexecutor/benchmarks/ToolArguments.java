package io.github.collapseexecutor.benchmarks;

/**
 * The positional arguments of a benchmark tool's {@code main}, each read with the default it takes
 * when it is left out, and checked: a bad value fails at once with its name and the value.
 */
final class ToolArguments {

  private final String[] args;

  ToolArguments(String... args) {
    this.args = args.clone();
  }

  /** Returns argument {@code index}, or {@code fallback} when there is none. */
  String text(int index, String fallback) {
    return index < args.length ? args[index] : fallback;
  }

  /**
   * Returns argument {@code index} as a positive whole number, or {@code fallback}.
   *
   * @throws IllegalArgumentException if it is not one
   */
  int positiveInt(int index, String name, int fallback) {
    double value = positive(index, name, fallback);
    if (value != Math.rint(value) || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(name + " must be a whole number: " + args[index]);
    }
    return (int) value;
  }

  /**
   * Returns argument {@code index} as a positive number, or {@code fallback}.
   *
   * @throws IllegalArgumentException if it is not one
   */
  double positive(int index, String name, double fallback) {
    if (index >= args.length) {
      return fallback;
    }
    double value;
    try {
      value = Double.parseDouble(args[index]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a number: " + args[index], e);
    }
    if (!(value > 0)) {
      throw new IllegalArgumentException(name + " must be positive: " + args[index]);
    }
    return value;
  }
}
