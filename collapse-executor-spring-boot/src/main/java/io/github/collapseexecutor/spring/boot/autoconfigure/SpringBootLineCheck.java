package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Stops an application that runs this module on a Spring Boot line it was not built for. On
 * Spring Boot 3, the auto-configurations of this module find none of the Spring Boot 4 classes
 * they configure (the client customizers, the servlet registration) and step aside without a
 * word, so an application would start and collapse nothing; this check makes that a startup
 * failure that says what to use instead. It runs as an {@link ApplicationContextInitializer}
 * (registered in {@code META-INF/spring.factories}), a contract both lines share, before any
 * auto-configuration is considered. Off when {@code collapse.executor.enabled} is false.
 */
public final class SpringBootLineCheck
    implements ApplicationContextInitializer<ConfigurableApplicationContext> {

  /** The major version of Spring Boot this module is built for. */
  static final int SUPPORTED_MAJOR = 4;

  @Override
  public void initialize(ConfigurableApplicationContext context) {
    if (context.getEnvironment().getProperty("collapse.executor.enabled", Boolean.class, true)) {
      check(SpringBootVersion.getVersion());
    }
  }

  /**
   * Throws when {@code version} is a Spring Boot version older than this module's line; does
   * nothing for a version it cannot read ({@code null} when Spring Boot's jar has no version in
   * its manifest, as in some repackaged applications).
   */
  static void check(@Nullable String version) {
    int major = major(version);
    if (major >= 0 && major < SUPPORTED_MAJOR) {
      throw new IllegalStateException("collapse-executor-spring-boot is built for Spring Boot "
          + SUPPORTED_MAJOR + ".x, and this application runs Spring Boot " + version
          + ": there its auto-configurations would find none of the classes they configure and "
          + "collapse nothing. Run it on Spring Boot " + SUPPORTED_MAJOR + ".0 or later; no "
          + "artifact for Spring Boot 3 is published yet. To start without collapse meanwhile, "
          + "set collapse.executor.enabled=false.");
    }
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
