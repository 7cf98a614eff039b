package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.core.env.StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseRestTemplateProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * A {@code collapse.executor} key that no property binds stops startup, naming the nearest known
 * key, unless {@code collapse.executor.unknown-keys} says to warn or ignore.
 */
@ExtendWith(OutputCaptureExtension.class)
final class UnknownKeysTest {

  private static final String P = "collapse.executor.";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class));

  @Test
  void aMisspeltTopLevelKeyStopsStartupNamingTheNearestKey() {
    runner
        .withPropertyValues(P + "max-batch-sise=10")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        P
                            + "max-batch-sise is not a known key; did you"
                            + " mean "
                            + P
                            + "max-batch-size?"));
  }

  /** YAML of the classic collapse-executor, moved as it was: each old key says what it became. */
  @Test
  void aKeyOfTheClassicProjectSaysWhatToWriteInstead() {
    runner
        .withPropertyValues(
            P + "thread-pool.platform.core-pool-size=8",
            P + "rest-template.apply-bean-names[0]=restTemplate",
            P + "servlet.batch-size=32",
            P + "servlet.collapse-groups[0].patterns[0]=/user/*")
        .run(
            context -> {
              String description = description(context);
              assertThat(description)
                  .contains(
                      P
                          + "thread-pool.platform.core-pool-size is a key of"
                          + " the classic collapse-executor: the classic thread pools are gone");
              assertThat(description)
                  .contains(
                      P
                          + "rest-template.apply-bean-names[0] is a key of the"
                          + " classic collapse-executor: write "
                          + P
                          + "rest-template.apply-to-beans");
              assertThat(description)
                  .contains(
                      P
                          + "servlet.batch-size is a key of the classic"
                          + " collapse-executor: remove it");
              assertThat(description)
                  .contains(
                      P
                          + "servlet.collapse-groups[0].patterns[0] is a key"
                          + " of the classic collapse-executor: write uris");
              assertThat(description).doesNotContain("did you mean");
            });
  }

  @Test
  void aMisspeltKeyOfASectionNamesTheNearestKeyOfThatSection() {
    runner
        .withPropertyValues(P + "servlet.wait-timout=1s")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        P
                            + "servlet.wait-timout is not a known key;"
                            + " did you mean "
                            + P
                            + "servlet.wait-timeout?"));
  }

  /** The tier's own login sits beside its other keys; its address stays Spring Boot's. */
  @Test
  void aMisspeltKeyOfTheFleetTiersLoginNamesItsKey() {
    runner
        .withPropertyValues(P + "fleet.usrname=collapse-fleet")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        P
                            + "fleet.usrname is not a known key; did you"
                            + " mean "
                            + P
                            + "fleet.username?"));
  }

  @Test
  void aMisspeltKeyOfAGroupKeepsTheGroupsIndexInTheSuggestion() {
    runner
        .withPropertyValues(P + "servlet.collapse-groups[0].uirs=/a/*")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        P
                            + "servlet.collapse-groups[0].uirs is not a"
                            + " known key; did you mean "
                            + P
                            + "servlet.collapse-groups[0].uris?"));
  }

  @Test
  void aMisspeltListBeforeItsItemIsNamedWithTheItemAfterIt() {
    runner
        .withPropertyValues(P + "servlet.colapse-groups[0].uris=/a/*")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        P
                            + "servlet.colapse-groups[0].uris is not a"
                            + " known key; did you mean "
                            + P
                            + "servlet.collapse-groups[0].uris?"));
  }

  @Test
  void aMisspeltKeyInCamelCaseNamesTheKeyInItsCanonicalForm() {
    runner
        .withPropertyValues(P + "servlet.waitTimout=1s")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        P
                            + "servlet.waitTimout is not a known key;"
                            + " did you mean "
                            + P
                            + "servlet.wait-timeout?"));
  }

  /**
   * Suggestions are properties of the objects the binder makes on the way to the key: a list left
   * out of its section makes no items in any section, so there is nothing near to suggest.
   */
  @Test
  void groupsOutsideASectionAreReportedWithoutASuggestion() {
    runner
        .withPropertyValues(P + "colapse-groups[0].uris=/a/*")
        .run(
            context ->
                assertThat(description(context))
                    .contains(P + "colapse-groups[0].uris is not a known" + " key\n"));
  }

  /** RestClient is configured in the rest-template section, which is not where users look. */
  @Test
  void theRestClientSectionUsersGuessIsAnsweredWithTheRestTemplateSection() {
    runner
        .withPropertyValues(P + "rest-client.customize-rest-client-builder=true")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        P
                            + "rest-client.customize-rest-client-builder"
                            + " is not a known key; did you mean "
                            + P
                            + "rest-template.customize-rest-client-builder?"));
    runner
        .withPropertyValues(P + "restClient.collapse-groups[0].uris=/a/*")
        .run(
            context ->
                assertThat(description(context))
                    .contains("did you mean " + P + "rest-template.collapse-groups[0].uris?"));
  }

  @Test
  void aMisspeltKeyOfAPolicyIsFoundWhateverThePolicysName() {
    runner
        .withPropertyValues(P + "web-client.collapse-policies.any-name.collapse-request-header=a")
        .run(
            context ->
                assertThat(description(context))
                    .contains(
                        "did you mean "
                            + P
                            + "web-client.collapse-policies.any-name.collapse-request-headers?"));
  }

  @Test
  void aMisspeltKeyOfANamedExecutorIsFoundWhateverTheExecutorsName() {
    runner
        .withPropertyValues(P + "executors.orders.max-batch-sise=5")
        .run(
            context ->
                assertThat(description(context))
                    .contains("did you mean " + P + "executors.orders.max-batch-size?"));
  }

  @Test
  void everyUnknownKeyIsReportedAtOnceAndAKeyNearNothingGetsNoSuggestion() {
    runner
        .withPropertyValues(P + "max-batch-sise=10", P + "completely-unrelated=1")
        .run(
            context ->
                assertThat(description(context))
                    .contains(P + "max-batch-sise is not a known key; did you mean")
                    .contains(P + "completely-unrelated is not a known key\n"));
  }

  @Test
  void knownKeysInEveryRelaxedFormStart() {
    runner
        .withPropertyValues(
            P + "maxBatchSize=7",
            P + "max_pending_inputs=9",
            P + "MAX-CONCURRENT-BATCHES=3",
            P + "servlet.collapse-groups[0].uris[0]=/a/*",
            P + "servlet.collapseGroups[0].collapse-policy-name=p",
            P + "servlet.collapse-policies.p" + ".share-uncacheable=never",
            P + "rest-template.collapse-policies[p.1].accept-headers" + "-in-key=false",
            P + "executors.users.shared-across-callers=true",
            P + "executors.default.timeout=1s",
            P + "annotations.enabled=true",
            P + "endpoint.recent-events=5",
            P + "http-service-groups=",
            P + "unknown-keys=fail",
            P + "servlet.url-patterns=/a/*",
            P + "okhttp.apply-to-beans[0]=client",
            P + "grpc.enabled=true",
            P + "grpc.sensitive-metadata[0]=x-tenant",
            P + "grpc.methods=a.B/*",
            P + "grpc.callCredentialsShared=false")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              CollapseExecutorOptions options = context.getBean(CollapseExecutorOptions.class);
              assertThat(options.maxBatchSize()).isEqualTo(7);
              assertThat(options.maxPendingInputs()).isEqualTo(9);
            });
  }

  @Test
  void warnLogsEachUnknownKeyAndStarts(CapturedOutput output) {
    runner
        .withPropertyValues(P + "unknown-keys=warn", P + "max-batch-sise=10")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(output)
                  .contains("WARN")
                  .contains(
                      P
                          + "max-batch-sise is not a known key; did"
                          + " you mean "
                          + P
                          + "max-batch-size?");
            });
  }

  @Test
  void ignoreStartsWithoutAWord(CapturedOutput output) {
    runner
        .withPropertyValues(P + "unknown-keys=ignore", P + "max-batch-sise=10")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(output).doesNotContain("max-batch-sise");
            });
  }

  /**
   * Environment variables are not checked: the environment is shared with every other program of
   * the machine, and a variable that binds nowhere is left alone, as Spring Boot leaves it.
   */
  @Test
  void environmentVariablesAreNotChecked(CapturedOutput output) {
    Map<String, Object> variables =
        Map.of(
            "COLLAPSE_EXECUTOR_MAXBATCHSISE", "5",
            "COLLAPSE_EXECUTOR_MAX_PENDING_INPUTS", "5",
            "COLLAPSE_EXECUTOR_EXECUTORS_USERS_TIMEOUT", "5",
            "COLLAPSE_EXECUTOR_REST_TEMPLATE_COLLAPSE_GROUPS_0_URIS", "/a/*");
    runner
        .withInitializer(
            context ->
                context
                    .getEnvironment()
                    .getPropertySources()
                    .replace(
                        SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        new SystemEnvironmentPropertySource(
                            SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables)))
        .withConfiguration(AutoConfigurations.of(CollapseRestClientAutoConfiguration.class))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(CollapseExecutorProperties.class).getMaxPendingInputs())
                  .isEqualTo(5);
              assertThat(context.getBean(NamedExecutorProperties.class).getExecutors())
                  .containsOnlyKeys("users");
              assertThat(context.getBean(CollapseRestTemplateProperties.class).getCollapseGroups())
                  .singleElement()
                  .satisfies(group -> assertThat(group.getUris()).containsExactly("/a/*"));
              assertThat(output).doesNotContain("is not a known key");
            });
  }

  @Test
  void anUnknownKeyIsReportedBeforeTheMistakeItCauses() {
    runner
        .withPropertyValues(P + "servlet.collapse-groups[0].uirs=/a/*")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(
                      new InvalidPropertiesFailureAnalyzer().analyze(context.getStartupFailure()))
                  .as("the group left without a pattern is not what is reported")
                  .isNull();
            });
  }

  @Test
  void springBootPrintsTheAnalysisWithWhereTheKeyWasSet(CapturedOutput output) {
    SpringApplicationBuilder application =
        new SpringApplicationBuilder(WithCollapse.class)
            .web(WebApplicationType.NONE)
            .properties(P + "vary-tll=5s");
    assertThatThrownBy(application::run).isInstanceOf(UnknownKeysException.class);
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains("Unknown collapse configuration keys:")
        .contains(P + "vary-tll is not a known key; did you mean " + P + "vary-ttl?")
        .contains("Action:")
        .contains("collapse.executor.unknown-keys=warn");
  }

  private static String description(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    FailureAnalysis analysis =
        new UnknownKeysFailureAnalyzer().analyze(context.getStartupFailure());
    assertThat(analysis).as("the unknown keys analyzer describes the failure").isNotNull();
    assertThat(analysis.getAction()).contains("unknown-keys=warn");
    return analysis.getDescription();
  }

  /** An application with nothing but the core auto-configuration. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration(CollapseExecutorAutoConfiguration.class)
  static class WithCollapse {}
}
