package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.http.LocalOnlyFleet;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * A client section with {@code fleet: true} whose clients cannot collapse across the instances:
 * a bean of {@code apply-to-beans} that holds the unnamed partition of a customized builder stops
 * startup with a failure analysis naming both keys; a section none of whose clients has a name is
 * logged at WARN, naming {@code apply-to-beans}; one whose named and unnamed clients mix is logged
 * at INFO, saying which stay on their instance.
 */
@Timeout(60)
final class FleetClientWiringTest {

  private static final String P = "collapse.executor.";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class,
                  CollapseFleetWiringAutoConfiguration.class,
                  LineFixtures.REST_CLIENT_AUTO_CONFIGURATION,
                  LineFixtures.REST_TEMPLATE_AUTO_CONFIGURATION,
                  LineFixtures.WEB_CLIENT_AUTO_CONFIGURATION))
          .withBean(Fleet.class, LocalOnlyFleet::new)
          .withPropertyValues(
              P + "rest-template.collapse-groups[0].uris=/users/*",
              P + "web-client.collapse-groups[0].uris=/users/*");

  @Test
  void aChosenRestClientBuiltFromTheCustomizedBuilderStopsStartupNamingBothKeys() {
    runner
        .withUserConfiguration(RestClientFromBootsBuilder.class)
        .withPropertyValues(
            P + "rest-template.fleet=true",
            P + "rest-template.customize-rest-client-builder=true",
            P + "rest-template.apply-to-beans=users")
        .run(
            context -> {
              FailureAnalysis analysis = analysis(context);
              assertThat(analysis.getDescription())
                  .contains(
                      "The collapse fleet tier cannot be"
                          + " wired as configured:\n\n    Property: "
                          + P
                          + "rest-template.apply-to-beans"
                          + "\n    Reason: it names bean 'users' and "
                          + P
                          + "rest-template.fleet is true")
                  .contains(
                      "built from Spring Boot's RestClient.Builder, to which "
                          + P
                          + "rest-template.customize-rest-client-builder=true gave an unnamed partition"
                          + " first, so its calls would collapse on this instance only\n");
              assertThat(analysis.getAction())
                  .startsWith(
                      "Set "
                          + P
                          + "rest-template.customize-rest-client-builder=false, so that apply-to-beans gives"
                          + " 'users' a partition named after it");
            });
  }

  @Test
  void aChosenRestTemplateBuiltFromTheCustomizedBuilderStopsStartup() {
    runner
        .withUserConfiguration(RestTemplateFromBootsBuilder.class)
        .withPropertyValues(
            P + "rest-template.fleet=true",
            P + "rest-template.customize-rest-template-builder=true",
            P + "rest-template.apply-to-beans=users")
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "rest-template.apply-to-beans\n")
                    .contains(
                        "Spring Boot's RestTemplateBuilder, to which "
                            + P
                            + "rest-template.customize-rest-template-builder=true gave an unnamed"
                            + " partition first"));
  }

  @Test
  void aChosenWebClientBuiltFromTheCustomizedBuilderStopsStartup() {
    runner
        .withUserConfiguration(WebClientFromBootsBuilder.class)
        .withPropertyValues(
            P + "web-client.fleet=true",
            P + "web-client.customize-web-client-builder=true",
            P + "web-client.apply-to-beans=orders")
        .run(
            context ->
                assertThat(analysis(context).getDescription())
                    .contains("Property: " + P + "web-client.apply-to-beans\n")
                    .contains("it names bean 'orders' and " + P + "web-client.fleet is true")
                    .contains(
                        "Spring Boot's WebClient.Builder, to which "
                            + P
                            + "web-client.customize-web-client-builder=true gave an unnamed partition"));
  }

  /** The same wiring without the fleet is what it always was: the bean keeps the partition. */
  @Test
  void withoutTheFleetTheChosenBeanKeepsTheBuildersPartition() {
    runner
        .withUserConfiguration(RestClientFromBootsBuilder.class)
        .withPropertyValues(
            P + "rest-template.customize-rest-client-builder=true",
            P + "rest-template.apply-to-beans=users")
        .run(context -> assertThat(context).hasNotFailed());
  }

  @Test
  void aSectionWhoseClientsAreAllUnnamedIsLoggedAtWarnNamingApplyToBeans() {
    List<LogRecord> logged =
        logged(
            CollapseRestClientAutoConfiguration.class,
            runner.withPropertyValues(
                P + "rest-template.fleet=true",
                P + "rest-template.customize-rest-client-builder=true"));
    assertThat(logged)
        .singleElement()
        .satisfies(
            record -> {
              assertThat(record.getLevel()).isEqualTo(Level.WARNING);
              assertThat(record.getMessage())
                  .isEqualTo(
                      P
                          + "rest-template.fleet is true, and no client"
                          + " of the section collapses across the instances: the RestClients of Spring Boot's"
                          + " builder ("
                          + P
                          + "rest-template.customize-rest-client-builder) get an unnamed"
                          + " partition of the CollapseHttpRequestInterceptor, which collapses on this instance"
                          + " only. Name the clients to collapse across the instances in "
                          + P
                          + "rest-template.apply-to-beans (each then does under its bean's name), or set "
                          + P
                          + "rest-template.fleet=false.");
            });
  }

  @Test
  void namedAndUnnamedClientsMixedAreLoggedAtInfo() {
    List<LogRecord> logged =
        logged(
            CollapseWebClientAutoConfiguration.class,
            runner
                .withUserConfiguration(WebClientOfItsOwn.class)
                .withPropertyValues(
                    P + "web-client.fleet=true",
                    P + "web-client.customize-web-client-builder=true",
                    P + "web-client.apply-to-beans=orders"));
    assertThat(logged)
        .singleElement()
        .satisfies(
            record -> {
              assertThat(record.getLevel()).isEqualTo(Level.INFO);
              assertThat(record.getMessage())
                  .isEqualTo(
                      P
                          + "web-client.fleet is true: the beans of "
                          + P
                          + "web-client.apply-to-beans [orders] collapse across the instances, each under"
                          + " its bean's name; the WebClients of Spring Boot's builder ("
                          + P
                          + "web-client.customize-web-client-builder) get an unnamed partition, and collapse on"
                          + " this instance only.");
            });
  }

  @Test
  void aSectionWithoutTheFleetSaysNothingOfIt() {
    assertThat(
            logged(
                CollapseRestClientAutoConfiguration.class,
                runner.withPropertyValues(P + "rest-template.customize-rest-client-builder=true")))
        .isEmpty();
  }

  private static FailureAnalysis analysis(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    FailureAnalysis analysis =
        new FleetWiringFailureAnalyzer().analyze(context.getStartupFailure());
    assertThat(analysis).as("the fleet analyzer describes the failure").isNotNull();
    return analysis;
  }

  /** Starts the application and returns what {@code configuration} logged. */
  private static List<LogRecord> logged(Class<?> configuration, ApplicationContextRunner runner) {
    try (LoggedRecords logged = LoggedRecords.of(configuration)) {
      runner.run(context -> assertThat(context).hasNotFailed());
      return logged.records();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class RestClientFromBootsBuilder {

    @Bean
    RestClient users(RestClient.Builder builder) {
      return builder.baseUrl("http://users.internal").build();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class RestTemplateFromBootsBuilder {

    @Bean
    RestTemplate users(ApplicationContext context) {
      return LineFixtures.restTemplates(context).build();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class WebClientFromBootsBuilder {

    @Bean
    WebClient orders(WebClient.Builder builder) {
      return builder.baseUrl("http://orders.internal").build();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class WebClientOfItsOwn {

    @Bean
    WebClient orders() {
      return WebClient.builder().baseUrl("http://orders.internal").build();
    }
  }
}
