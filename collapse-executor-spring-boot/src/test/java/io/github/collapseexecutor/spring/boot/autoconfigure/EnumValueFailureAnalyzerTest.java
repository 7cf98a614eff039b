package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/** A collapse.executor key bound to an enum, given a value it does not have. */
@ExtendWith(OutputCaptureExtension.class)
final class EnumValueFailureAnalyzerTest {

  private static final String P = "collapse.executor.";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class));

  @Test
  void aPolicyValueNoConstantHasNamesTheKeyTheValueAndTheAllowedValues() {
    String key = P + "rest-template.collapse-policies.p1.share-uncacheable";
    runner
        .withPropertyValues(key + "=sometimes")
        .run(
            context -> {
              assertThat(context).hasFailed();
              // found with the other mistakes before any bean binds, described with them
              FailureAnalysis analysis =
                  new InvalidPropertiesFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains("Property: " + key)
                  .contains("Value: 'sometimes'")
                  .contains("Reason: not one of the allowed values: within-credentials, never");
            });
  }

  @Test
  void aBadUnknownKeysValueNamesTheAllowedValues() {
    runner
        .withPropertyValues(P + "unknown-keys=strict")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(
                      new EnumValueFailureAnalyzer()
                          .analyze(context.getStartupFailure())
                          .getDescription())
                  .contains("Property: " + P + "unknown-keys")
                  .contains("Value: 'strict'")
                  .contains("allowed values: fail, warn, ignore");
            });
  }

  @Test
  void aValueOfAnotherTypeIsLeftToSpringBoot() {
    runner
        .withPropertyValues(P + "max-batch-size=many")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(new EnumValueFailureAnalyzer().analyze(context.getStartupFailure()))
                  .isNull();
            });
  }

  @Test
  void springBootPrintsTheAllowedValuesInsteadOfTheConvertersMessage(CapturedOutput output) {
    SpringApplicationBuilder application =
        new SpringApplicationBuilder(WithCollapse.class)
            .web(WebApplicationType.NONE)
            .properties(P + "okhttp.collapse-policies.p1.share-uncacheable=sometimes");
    assertThatThrownBy(application::run).isNotNull();
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains("Reason: not one of the allowed values: within-credentials, never")
        .doesNotContain("No enum constant");
  }

  /** An application with nothing but the core and OkHttp auto-configurations. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    CollapseExecutorAutoConfiguration.class,
    CollapseOkHttpAutoConfiguration.class
  })
  static class WithCollapse {}
}
