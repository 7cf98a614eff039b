package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;

final class SpringBootLineCheckTest {

  @Test
  void springBoot3StopsStartupNamingTheVersionAndTheArtifactToUse() {
    assertThatIllegalStateException()
        .isThrownBy(() -> SpringBootLineCheck.check("3.5.7"))
        .withMessageStartingWith("collapse-executor-spring-boot is built for Spring Boot 4.x")
        .withMessageContaining("runs Spring Boot 3.5.7")
        .withMessageContaining("Depend on collapse-executor-spring-boot3-starter instead")
        .withMessageContaining("collapse.executor.enabled=false");
  }

  @Test
  void theLinesItIsBuiltForAndLaterOnesPass() {
    assertThatCode(
            () -> {
              SpringBootLineCheck.check("4.0.7");
              SpringBootLineCheck.check("4.1.1");
              SpringBootLineCheck.check("4.2.0-M1");
              SpringBootLineCheck.check("5.0.0");
            })
        .doesNotThrowAnyException();
  }

  @Test
  void aVersionItCannotReadIsNoReasonToStop() {
    assertThatCode(
            () -> {
              SpringBootLineCheck.check(null);
              SpringBootLineCheck.check("");
              SpringBootLineCheck.check("snapshot");
            })
        .doesNotThrowAnyException();
  }

  @Test
  void springBootRunsTheCheckForEveryApplication() {
    assertThat(
            SpringFactoriesLoader.forDefaultResourceLocation()
                .load(ApplicationContextInitializer.class))
        .anyMatch(SpringBootLineCheck.class::isInstance);
  }

  @Test
  void anApplicationOnThisSpringBootStarts() {
    assertThat(SpringBootVersion.getVersion()).startsWith("4.");
    SpringApplication application = new SpringApplication(Empty.class);
    application.setWebApplicationType(WebApplicationType.NONE);
    try (ConfigurableApplicationContext context = application.run()) {
      assertThat(context.isActive()).isTrue();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Empty {}
}
