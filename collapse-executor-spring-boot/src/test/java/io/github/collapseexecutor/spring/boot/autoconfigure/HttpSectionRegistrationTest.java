package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ClientSection;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A new integration's section joins the checked settings by being a configuration properties
 * bean, as an adapter's auto-configuration makes it: no list in this module names it. (Bound by a
 * bean method here, so that the module's metadata tests, which scan for annotated classes, do not
 * take this test's section for one of the module's.)
 */
final class HttpSectionRegistrationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class))
          .withUserConfiguration(AnotherClientConfiguration.class)
          .withPropertyValues("collapse.executor.unknown-keys=ignore");

  @Test
  void aBadValueOfANewSectionStopsStartupNamingItsKey() {
    runner
        .withPropertyValues("collapse.executor.another-client.wait-timeout=-1s")
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new InvalidPropertiesFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains("Property: collapse.executor.another-client.wait-timeout");
            });
  }

  @Test
  void aNewSectionInheritsTheTopLevelSettingsAndOverridesThem() {
    runner
        .withPropertyValues(
            "collapse.executor.max-body-size=2KB",
            "collapse.executor.another-client.wait-timeout=3s")
        .run(
            context -> {
              CollapseSettings settings = context.getBean(CollapseSettings.class);
              AnotherClientProperties section = context.getBean(AnotherClientProperties.class);
              var options = settings.httpOptions(section, builder -> {});
              assertThat(options.name()).isEqualTo("another-client");
              assertThat(options.maxBodyBytes()).isEqualTo(2048);
              assertThat(options.waitTimeout()).isEqualTo(Duration.ofSeconds(3));
            });
  }

  /** The section of an integration this module does not know. */
  static class AnotherClientProperties extends ClientSection {

    AnotherClientProperties() {
      super("another-client");
    }
  }

  /** What the integration's auto-configuration would hold. */
  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties
  static class AnotherClientConfiguration {

    @Bean
    @ConfigurationProperties("collapse.executor.another-client")
    AnotherClientProperties anotherClientProperties() {
      return new AnotherClientProperties();
    }
  }
}
