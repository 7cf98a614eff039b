package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.CollapseFleetAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.testing.http.LocalOnlyFleet;
import io.lettuce.core.RedisClient;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The fleet tier's mistakes stop startup with the configuration's other mistakes, each under the
 * key to change and with the condition that is missing, before any bean is made: a secret that is
 * too short or blank (whose value is never shown), a {@code fleet: true} without a secret, or
 * without the module, Lettuce or Spring Data Redis on the class path. No test here needs Redis.
 */
@Timeout(60)
@ExtendWith(OutputCaptureExtension.class)
final class FleetConfigurationMistakesTest {

  private static final String P = "collapse.executor.";
  private static final String GROUPS = P + "rest-template.collapse-groups[0].uris=/quotes/*";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  LineFixtures.REDIS_AUTO_CONFIGURATION,
                  CollapseFleetAutoConfiguration.class))
          .withPropertyValues(P + "fleet.key-prefix=collapse-test:" + UUID.randomUUID());

  @Test
  void aShortSecretIsRejectedUnderItsKeyWithoutShowingIt() {
    runner
        .withPropertyValues(P + "fleet.secret=not-32-bytes-long")
        .run(
            context -> {
              assertThat(analysis(context).getDescription())
                  .contains("Property: " + P + "fleet.secret\n    Value: ******\n")
                  .contains("Reason: must hold at least 32 bytes\n")
                  .doesNotContain("not-32-bytes-long");
              assertThat(StartupFailures.messages(context)).doesNotContain("not-32-bytes-long");
            });
  }

  @Test
  void aBlankSecretIsRejectedUnderItsKey() {
    runner
        .withPropertyValues(P + "fleet.secret= ", P + "rest-template.fleet=true", GROUPS)
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "fleet.secret\n    Value: ******\n")
                    .contains("Reason: is blank: set the secret every instance of the fleet shares")
                    .as("the key that asks for the tier is right; the secret is what to change")
                    .doesNotContain("Property: " + P + "rest-template.fleet"));
  }

  @Test
  void fleetTrueWithoutASecretIsRejectedUnderTheKeyThatAsks() {
    runner
        .withPropertyValues(P + "rest-template.fleet=true", GROUPS)
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "rest-template.fleet\n    Value: 'true'\n")
                    .contains(
                        "Reason: asks for the fleet tier, and "
                            + P
                            + "fleet.secret is not set:"
                            + " set it to the secret every instance of the fleet shares (at least 32"
                            + " bytes), define a Fleet bean, or set it to false\n"));
  }

  @Test
  void fleetTrueWithoutTheRedisModuleNamesTheArtifactToAdd() {
    runner
        .withClassLoader(new FilteredClassLoader(FleetCoordinator.class))
        .withPropertyValues(P + "rest-template.fleet=true", GROUPS)
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "rest-template.fleet\n")
                    .contains(
                        "Reason: asks for the fleet tier, and collapse-executor-redis is not on"
                            + " the class path (no io.github.collapseexecutor.redis.FleetCoordinator): add"
                            + " io.github.collapseexecutor:collapse-executor-redis, define a Fleet"
                            + " bean, or set it to false\n"));
  }

  @Test
  void fleetTrueWithoutLettuceOrSpringDataRedisNamesTheStarterToAdd() {
    runner
        .withClassLoader(new FilteredClassLoader(RedisClient.class))
        .withPropertyValues(P + "rest-template.fleet=true", GROUPS)
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "rest-template.fleet\n")
                    .contains(
                        "Reason: asks for the fleet tier, and Lettuce is not on the class path"
                            + " (no io.lettuce.core.RedisClient): add spring-boot-starter-data-redis"));
    runner
        .withClassLoader(new FilteredClassLoader(LettuceConnectionFactory.class))
        .withPropertyValues(P + "rest-template.fleet=true", GROUPS)
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains(
                        "Reason: asks for the fleet tier, and Spring Data Redis is not on the"
                            + " class path"));
  }

  @Test
  void fleetTrueWhereNoCoordinatorIsMadeSaysWhatItNeeds() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                CollapseExecutorAutoConfiguration.class,
                CollapseRestClientAutoConfiguration.class,
                CollapseFleetAutoConfiguration.class))
        .withPropertyValues(
            P + "fleet.secret=test secret of the Boot fleet tier, 32+ bytes",
            P + "rest-template.fleet=true",
            GROUPS)
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "rest-template.fleet\n")
                    .contains(
                        "Reason: asks for the fleet tier, and there is none: "
                            + P
                            + "fleet.secret"
                            + " is set, but no coordinator is made without a Lettuce connection factory bean"
                            + " (spring.data.redis with the Lettuce client), nor where the fleet tier's"
                            + " auto-configuration is left out (a test slice)"));
  }

  @Test
  void aNamedExecutorsFleetWithoutASecretIsRejectedUnderItsKey() {
    runner
        .withPropertyValues(P + "executors.quotes.fleet=true")
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "executors.quotes.fleet\n    Value: 'true'\n")
                    .contains(P + "fleet.secret is not set")
                    .contains("define a Fleet bean, or set it to false"));
  }

  @Test
  void everyFleetMistakeIsReportedAtOnce() {
    runner
        .withPropertyValues(
            P + "fleet.secret=short",
            P + "fleet.lease-time=0s",
            P + "fleet.key-prefix=no spaces",
            P + "rest-template.fleet=true",
            GROUPS)
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "fleet.secret\n")
                    .contains("Property: " + P + "fleet.lease-time\n    Value: '0s'\n")
                    .contains("Property: " + P + "fleet.key-prefix\n    Value: 'no spaces'\n")
                    .contains("Reason: must be letters, digits and : . _ - only\n")
                    .contains("Reason: must be positive\n")
                    .doesNotContain("Property: " + P + "rest-template.fleet"));
  }

  /** The tier's own login: a user needs its password, a database is not negative. */
  @Test
  void aUserWithoutAPasswordAndANegativeDatabaseAreRejectedUnderTheirKeys() {
    runner
        .withPropertyValues(
            P + "fleet.secret=test secret of the Boot fleet tier, 32+ bytes",
            P + "fleet.username=fleet",
            P + "fleet.database=-1")
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "fleet.username\n    Value: 'fleet'\n")
                    .contains(
                        "Reason: is set without "
                            + P
                            + "fleet.password: set the password of"
                            + " that ACL user too, or remove the key to log in as the application does\n")
                    .contains("Property: " + P + "fleet.database\n    Value: '-1'\n")
                    .contains("Reason: must not be negative\n"));
  }

  @Test
  void anApplicationsOwnTierNeedsNoSecret() {
    runner
        .withBean(Fleet.class, LocalOnlyFleet::new)
        .withPropertyValues(P + "rest-template.fleet=true", GROUPS)
        .run(context -> assertThat(context).hasNotFailed());
  }

  @Test
  void springBootPrintsTheKeyThatAsksWithItsFileAndLine(CapturedOutput output) {
    assertThatThrownBy(() -> start("missing-secret.yml")).isNotNull();
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains(
            "Property: "
                + P
                + "rest-template.fleet\n    Value: 'true'\n"
                + "    Origin: class path resource [fleet-mistakes/missing-secret.yml] - 4:14\n"
                + "    Reason: asks for the fleet tier, and "
                + P
                + "fleet.secret is not set");
  }

  @Test
  void springBootPrintsTheSecretsMistakesWithoutTheSecret(CapturedOutput output) {
    assertThatThrownBy(() -> start("short-secret.yml")).isNotNull();
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains(
            "Property: "
                + P
                + "fleet.secret\n    Value: ******\n"
                + "    Origin: class path resource [fleet-mistakes/short-secret.yml] - 4:15\n"
                + "    Reason: must hold at least 32 bytes\n")
        .contains("Property: " + P + "fleet.lease-time\n")
        .doesNotContain("not-32-bytes-long");
  }

  private static FailureAnalysis analysis(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    FailureAnalysis analysis =
        new InvalidPropertiesFailureAnalyzer().analyze(context.getStartupFailure());
    assertThat(analysis).as("the collapse analyzer describes the failure").isNotNull();
    return analysis;
  }

  private static void start(String file) {
    new SpringApplicationBuilder(WithCollapse.class)
        .web(WebApplicationType.NONE)
        .run("--spring.config.additional-location=classpath:/fleet-mistakes/" + file)
        .close();
  }

  /** An application with the core and RestClient auto-configurations. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    CollapseExecutorAutoConfiguration.class,
    CollapseRestClientAutoConfiguration.class
  })
  static class WithCollapse {}
}
