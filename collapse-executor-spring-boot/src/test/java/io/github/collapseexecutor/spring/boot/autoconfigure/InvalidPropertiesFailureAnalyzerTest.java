package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.servlet.CollapseServletFilterAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * Every {@code collapse.executor} property with a constraint, given a value that breaks it: the
 * application does not start, and the failure analysis names the key, the value as written (as
 * bound for a list written item by item) and the builder's reason without the Java name of the
 * setting or the value as bound.
 */
@ExtendWith(OutputCaptureExtension.class)
final class InvalidPropertiesFailureAnalyzerTest {

  private static final String P = "collapse.executor.";

  private final WebApplicationContextRunner runner =
      new WebApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class,
                  CollapseOkHttpAutoConfiguration.class,
                  CollapseServletFilterAutoConfiguration.class));

  private static Arguments bad(String key, String value, String shown, String reason) {
    return Arguments.of(List.of(P + key + "=" + value), P + key, shown, reason);
  }

  private static Arguments bad(List<String> properties, String key, String shown, String reason) {
    return Arguments.of(
        properties.stream().map(property -> P + property).toList(), P + key, shown, reason);
  }

  static Stream<Arguments> badValues() {
    String group = "servlet.collapse-groups[0].";
    String policy = "rest-template.collapse-policies.p1.";
    return Stream.of(
        bad("wait-threshold", "-2", "'-2'", "must not be negative"),
        bad("max-batch-size", "0", "'0'", "must be positive"),
        bad("max-concurrent-batches", "-1", "'-1'", "must be positive"),
        bad("max-pending-inputs", "0", "'0'", "must be positive"),
        bad("max-body-size", "3GB", "'3GB'", "must be between 0 and 2147483647\n"),
        bad("web-client.max-body-size", "-1KB", "'-1KB'", "must be between 0 and 2147483647\n"),
        bad(
            List.of("sensitive-headers[0]=authorization", "sensitive-headers[1]= "),
            "sensitive-headers",
            "[authorization, ]",
            "must not hold a blank"),
        bad(
            List.of("okhttp.sensitive-headers[0]= "),
            "okhttp.sensitive-headers",
            "[]",
            "must not hold a blank"),
        bad(
            List.of("non-sensitive-headers[0]= "),
            "non-sensitive-headers",
            "[]",
            "must not hold a blank"),
        bad(
            List.of("sensitive-header-patterns[0]= "),
            "sensitive-header-patterns",
            "[]",
            "must not hold a blank"),
        bad("rest-template.wait-timeout", "-1s", "'-1s'", "must be positive\n"),
        bad("servlet.wait-timeout", "0", "'0'", "must be positive\n"),
        bad("okhttp.hit-for-pass-ttl", "-1s", "'-1s'", "must not be negative\n"),
        bad("okhttp.hit-for-pass-max-keys", "-3", "'-3'", "must not be negative\n"),
        bad("hit-for-pass-ttl", "-2s", "'-2s'", "must not be negative\n"),
        bad("vary-ttl", "-5ms", "'-5ms'", "must not be negative\n"),
        bad("web-client.vary-ttl", "-1s", "'-1s'", "must not be negative\n"),
        bad("vary-max-keys", "-1", "'-1'", "must not be negative\n"),
        bad("servlet.vary-max-keys", "-4", "'-4'", "must not be negative\n"),
        bad(
            List.of(policy + "collapse-request-headers[0]= "),
            "rest-template.collapse-policies.p1.collapse-request-headers",
            "[]",
            "must not hold a blank"),
        bad(
            List.of(policy + "collapse-request-queries[0]= "),
            "rest-template.collapse-policies.p1.collapse-request-queries",
            "[]",
            "must not hold a blank"),
        bad(
            List.of(group + "uris=/ok/*,user/*"),
            group + "uris",
            "'/ok/*,user/*'",
            "uris[1]: uri pattern 'user/*' can never match: it must start with '/'"),
        bad(
            List.of(group + "uris=/a/**/b"),
            group + "uris",
            "'/a/**/b'",
            "uris[0]: uri pattern '/a/**/b' can never match: "),
        bad(
            List.of(group + "uri-regexes[0]=/orders/[0-9"),
            group + "uri-regexes",
            "[/orders/[0-9]",
            "uri regex does not compile: /orders/[0-9 (Unclosed character"),
        bad(
            List.of(group + "uri-regexes[0]="),
            group + "uri-regexes",
            "[]",
            "uri regex must not be blank: ''"),
        bad(
            List.of(
                group + "collapse-policy-name=p1",
                "servlet.collapse-policies.p1.collapse" + "-request-headers=accept"),
            group + "uris",
            "[]",
            "a collapse group needs at least one uri or uri regex"),
        bad(
            List.of(group + "uris=/a/*", group + "name= "),
            group + "name",
            "''",
            "must not be blank\n"),
        bad(
            List.of(group + "uris=/a/*", group + "collapse-policy-name= "),
            group + "collapse-policy-name",
            "''",
            "must not be blank\n"),
        bad(
            List.of(
                "web-client.collapse-policies.p1.collapse-request-queries=sample",
                "web-client.collapse-groups[0].uris=/user/*",
                "web-client.collapse-groups[1].uris=/samples/*",
                "web-client.collapse-groups[1].collapse-policy-name=p2"),
            "web-client.collapse-groups[1].collapse-policy-name",
            "'p2'",
            "collapse group '/samples/*' names collapse policy 'p2', which is not defined;"
                + " defined: [p1]"),
        bad(
            List.of(
                "servlet.collapse-policies.p1.collapse-request-queries=sample",
                "okhttp.collapse-groups[0].uris=/samples/*",
                "okhttp.collapse-groups[0].collapse-policy-name=p1"),
            "okhttp.collapse-groups[0].collapse-policy-name",
            "'p1'",
            "collapse group '/samples/*' names collapse policy 'p1', which is not defined;"
                + " defined: []"),
        bad(List.of("servlet.url-patterns="), "servlet.url-patterns", "''", "must not be empty"),
        bad(
            List.of("servlet.url-patterns[0]=/api/*", "servlet.url-patterns[1]= "),
            "servlet.url-patterns",
            "[/api/*, ]",
            "must not hold a blank pattern"),
        bad("executors.default.wait-threshold", "-1", "'-1'", "must not be negative\n"),
        bad("executors.users.max-batch-size", "0", "'0'", "must be positive\n"),
        bad("executors.users.max-concurrent-batches", "0", "'0'", "must be positive\n"),
        bad("executors.users.max-pending-inputs", "-5", "'-5'", "must be positive\n"),
        bad("executors.default.timeout", "-1s", "'-1s'", "must not be negative\n"),
        bad(
            group + "uris",
            "nope",
            "'nope'",
            "uris[0]: uri pattern 'nope' can never match: it must start with '/'"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("badValues")
  void aBadValueStopsStartupAndTheAnalysisNamesItsKey(
      List<String> properties, String key, String shown, String reason) {
    runner
        .withPropertyValues(properties.toArray(String[]::new))
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new InvalidPropertiesFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis).as("the collapse analyzer describes the failure").isNotNull();
              assertThat(analysis.getDescription())
                  .contains("Property: " + key + "\n    Value: " + shown + "\n")
                  .contains("\n    Reason: " + reason);
              assertThat(analysis.getAction())
                  .contains(
                      "https://github.com/collapse-executor/collapse-executor/blob/main/docs/spring-boot.md");
            });
  }

  @Test
  void groupsOfASectionWithOneNameStopStartupNamingBothKeys() {
    String groups = P + "rest-template.collapse-groups";
    runner
        .withPropertyValues(
            groups + "[0].uris=/users/*",
            groups + "[1].uris=/orders/*",
            groups + "[2].uris=/users/*,/people/*")
        .run(
            context -> {
              String description =
                  new InvalidPropertiesFailureAnalyzer()
                      .analyze(context.getStartupFailure())
                      .getDescription();
              assertThat(description)
                  .contains("Property: " + groups + "[0].name\n    Value: '/users/*'")
                  .contains("Property: " + groups + "[2].name\n    Value: '/users/*'")
                  .contains("collapse groups 0 and 2 are both named '/users/*'");
            });
  }

  @Test
  void everyBadValueIsReportedAtOnce() {
    runner
        .withPropertyValues(
            P + "max-batch-size=0",
            P + "servlet.wait-timeout=0",
            P + "executors.users.max-pending-inputs=-1")
        .run(
            context -> {
              InvalidPropertiesException failure = invalidProperties(context.getStartupFailure());
              assertThat(failure.properties())
                  .extracting(property -> property.key())
                  .containsExactly(
                      P + "max-batch-size",
                      P + "executors.users.max-pending-inputs",
                      P + "servlet.wait-timeout");
            });
  }

  @Test
  void aValueInheritedByEverySectionAndExecutorIsReportedOnce() {
    runner
        .withPropertyValues(
            P + "max-body-size=-1B",
            P + "executors.default.max-batch-size=0",
            P + "executors.users.timeout=5s",
            P + "executors.orders.timeout=5s")
        .run(
            context -> {
              InvalidPropertiesException failure = invalidProperties(context.getStartupFailure());
              assertThat(failure.properties())
                  .extracting(property -> property.key())
                  .containsExactly(P + "executors.default.max-batch-size", P + "max-body-size");
            });
  }

  @Test
  void springBootPrintsTheAnalysisWhenTheApplicationFailsToStart(CapturedOutput output) {
    SpringApplicationBuilder application =
        new SpringApplicationBuilder(WithCollapse.class)
            .web(WebApplicationType.NONE)
            .properties(P + "rest-template.collapse-groups[0].uri-regexes=/orders/[0-9");
    assertThatThrownBy(application::run)
        .satisfies(failure -> assertThat(invalidProperties(failure)).isNotNull());
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains("Invalid collapse configuration:")
        .contains("Property: " + P + "rest-template.collapse-groups[0].uri-regexes")
        .contains("Value: '/orders/[0-9'")
        .contains("Action:")
        .as("a group whose regex was rejected is not also said to have no pattern")
        .doesNotContain("needs at least one uri");
  }

  private static InvalidPropertiesException invalidProperties(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof InvalidPropertiesException invalid) {
        return invalid;
      }
    }
    throw new AssertionError("no InvalidPropertiesException in " + failure);
  }

  /** An application with nothing but the core and RestClient auto-configurations. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    CollapseExecutorAutoConfiguration.class,
    CollapseRestClientAutoConfiguration.class
  })
  static class WithCollapse {}
}
