package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Stops an application that runs this artifact on a Spring Boot line it was not built for. On
 * the other line, the auto-configurations of this artifact find none of the classes they
 * configure (the client customizers, the servlet registration) and step aside without a word, so
 * an application would start and collapse nothing; this check makes that a startup failure that
 * names the artifact to use instead. It runs as an {@link ApplicationContextInitializer}
 * (registered in {@code META-INF/spring.factories}), a contract both lines share, before any
 * auto-configuration is considered. Off when {@code collapse.executor.enabled} is false.
 */
final class SpringBootLineCheck
    implements ApplicationContextInitializer<ConfigurableApplicationContext> {

  @Override
  public void initialize(ConfigurableApplicationContext context) {
    if (context.getEnvironment().getProperty("collapse.executor.enabled", Boolean.class, true)) {
      check(SpringBootVersion.getVersion());
    }
  }

  /**
   * Throws when {@code version} is a Spring Boot version of another line than this artifact's;
   * does nothing for a version it cannot read ({@code null} when Spring Boot's jar has no version
   * in its manifest, as in some repackaged applications).
   */
  static void check(@Nullable String version) {
    int major = major(version);
    if (major >= 0 && !SpringBootLine.runsOn(major)) {
      throw new IllegalStateException(
          SpringBootLine.ARTIFACT
              + " is built for Spring Boot "
              + SpringBootLine.LINE
              + ", and this application runs Spring Boot "
              + version
              + ": there its auto-configurations would find none of the classes they configure and "
              + "collapse nothing. Depend on "
              + starterFor(major)
              + " instead (its version is the "
              + "same, in collapse-executor-bom). To start without collapse meanwhile, set "
              + "collapse.executor.enabled=false.");
    }
  }

  /** Returns the starter of the artifact built for Spring Boot {@code major}. */
  static String starterFor(int major) {
    return major <= 3
        ? "collapse-executor-spring-boot3-starter"
        : "collapse-executor-spring-boot-starter";
  }

  private static int major(@Nullable String version) {
    if (version == null) {
      return -1;
    }
    int end = version.indexOf('.');
    try {
      return Integer.parseInt(end < 0 ? version : version.substring(0, end));
    } catch (NumberFormatException unreadable) {
      return -1;
    }
  }
}
