package io.github.collapseexecutor.spring.boot.autoconfigure;

/**
 * The Spring Boot line this artifact is built for, for {@link SpringBootLineCheck}.
 * {@code collapse-executor-spring-boot3} has its own.
 */
final class SpringBootLine {

  /** This artifact. */
  static final String ARTIFACT = "collapse-executor-spring-boot";

  /** The line, as the message names it. */
  static final String LINE = "4.x";

  private SpringBootLine() {}

  /** Whether this artifact runs on Spring Boot {@code major}. */
  static boolean runsOn(int major) {
    return major >= 4;
  }
}
