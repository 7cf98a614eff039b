package io.github.collapseexecutor.boot3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * The Spring Boot 4 module in a Spring Boot 3.5 application: startup stops with a message that
 * names the line it needs, instead of starting with every integration off.
 */
final class SpringBoot3Test {

  @Test
  void startupStopsNamingTheSpringBootLineTheModuleNeeds() {
    assertThat(SpringBootVersion.getVersion()).startsWith("3.5.");

    assertThatIllegalStateException().isThrownBy(() -> run())
        .withMessageContaining("built for Spring Boot 4.x")
        .withMessageContaining("runs Spring Boot " + SpringBootVersion.getVersion());
  }

  @Test
  void anApplicationThatTurnedCollapseOffStarts() {
    try (ConfigurableApplicationContext context = run("--collapse.executor.enabled=false")) {
      assertThat(context.isActive()).isTrue();
    }
  }

  private static ConfigurableApplicationContext run(String... args) {
    SpringApplication application = new SpringApplication(Application.class);
    application.setWebApplicationType(WebApplicationType.NONE);
    return application.run(args);
  }

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class Application {}
}
