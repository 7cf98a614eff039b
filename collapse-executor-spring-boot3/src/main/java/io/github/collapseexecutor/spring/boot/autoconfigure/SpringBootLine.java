package io.github.collapseexecutor.spring.boot.autoconfigure;

/** The Spring Boot line this artifact is built for, for {@link SpringBootLineCheck}. */
final class SpringBootLine {

  /** This artifact. */
  static final String ARTIFACT = "collapse-executor-spring-boot3";

  /** The line, as the message names it. */
  static final String LINE = "3.x";

  private SpringBootLine() {}

  /** Whether this artifact runs on Spring Boot {@code major}. */
  static boolean runsOn(int major) {
    return major == 3;
  }
}
