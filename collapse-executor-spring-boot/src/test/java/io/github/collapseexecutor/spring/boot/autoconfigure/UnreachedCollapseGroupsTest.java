package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.LoggedRecords;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * A client section's collapse groups that reach no client collapse nothing: startup says so at
 * WARN, naming the setting that is missing, for each client kind; a builder customization, a
 * chosen bean or a client given the adapter by hand keeps it quiet.
 */
final class UnreachedCollapseGroupsTest {

  private static final String P = "collapse.executor.";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class,
                  CollapseOkHttpAutoConfiguration.class,
                  LineFixtures.REST_CLIENT_AUTO_CONFIGURATION,
                  LineFixtures.REST_TEMPLATE_AUTO_CONFIGURATION,
                  LineFixtures.WEB_CLIENT_AUTO_CONFIGURATION));

  @Test
  void restTemplateGroupsWithBootsBuildersLeftAloneNameTheBuilderSettings() {
    assertThat(
            warnings(
                CollapseRestClientAutoConfiguration.class,
                runner.withPropertyValues(P + "rest-template.collapse-groups[0].uris=/users/*")))
        .singleElement()
        .satisfies(
            message ->
                assertThat(message)
                    .startsWith(
                        P
                            + "rest-template.collapse-groups are set, but no client gets the"
                            + " collapse CollapseHttpRequestInterceptor, so nothing collapses")
                    .contains("set " + P + "rest-template.customize-rest-client-builder=true")
                    .contains("set " + P + "rest-template.customize-rest-template-builder=true")
                    .contains(P + "rest-template.apply-to-beans"));
  }

  @Test
  void webClientGroupsWithBootsBuilderLeftAloneNameTheBuilderSetting() {
    assertThat(
            warnings(
                CollapseWebClientAutoConfiguration.class,
                runner.withPropertyValues(P + "web-client.collapse-groups[0].uris=/users/*")))
        .singleElement()
        .satisfies(
            message ->
                assertThat(message)
                    .startsWith(
                        P
                            + "web-client.collapse-groups are set, but no client gets the"
                            + " collapse CollapseExchangeFilterFunction")
                    .contains("set " + P + "web-client.customize-web-client-builder=true"));
  }

  @Test
  void okHttpGroupsWithNoChosenClientNameApplyToBeans() {
    assertThat(
            warnings(
                CollapseOkHttpAutoConfiguration.class,
                runner.withPropertyValues(P + "okhttp.collapse-groups[0].uris=/users/*")))
        .singleElement()
        .satisfies(
            message ->
                assertThat(message)
                    .startsWith(
                        P
                            + "okhttp.collapse-groups are set, but no client gets the collapse"
                            + " CollapseInterceptor")
                    .contains("name client beans in " + P + "okhttp.apply-to-beans")
                    .doesNotContain("customize"));
  }

  @Test
  void aCustomizedBuilderOrAChosenBeanTakesEffectSilently() {
    ApplicationContextRunner reached =
        runner
            .withPropertyValues(
                P + "rest-template.collapse-groups[0].uris=/users/*",
                P + "rest-template.customize-rest-client-builder=true",
                P + "web-client.collapse-groups[0].uris=/users/*",
                P + "web-client.customize-web-client-builder=true",
                P + "okhttp.collapse-groups[0].uris=/users/*",
                P + "okhttp.apply-to-beans=users")
            .withBean("users", OkHttpClient.class, OkHttpClient::new);
    assertThat(warnings(CollapseRestClientAutoConfiguration.class, reached)).isEmpty();
    assertThat(warnings(CollapseWebClientAutoConfiguration.class, reached)).isEmpty();
    assertThat(warnings(CollapseOkHttpAutoConfiguration.class, reached)).isEmpty();
  }

  @Test
  void clientsGivenTheAdapterByHandKeepItQuiet() {
    ApplicationContextRunner byHand =
        runner
            .withPropertyValues(
                P + "rest-template.collapse-groups[0].uris=/users/*",
                P + "web-client.collapse-groups[0].uris=/users/*",
                P + "okhttp.collapse-groups[0].uris=/users/*")
            .withUserConfiguration(HandWired.class);
    assertThat(warnings(CollapseRestClientAutoConfiguration.class, byHand)).isEmpty();
    assertThat(warnings(CollapseWebClientAutoConfiguration.class, byHand)).isEmpty();
    assertThat(warnings(CollapseOkHttpAutoConfiguration.class, byHand)).isEmpty();
  }

  @Test
  void sectionsWithoutGroupsSayNothing() {
    assertThat(warnings(CollapseRestClientAutoConfiguration.class, runner)).isEmpty();
    assertThat(warnings(CollapseOkHttpAutoConfiguration.class, runner)).isEmpty();
  }

  /** Starts the application and returns what {@code configuration} logged at WARN. */
  private static List<String> warnings(Class<?> configuration, ApplicationContextRunner runner) {
    try (LoggedRecords logged = LoggedRecords.of(configuration)) {
      runner.run(context -> assertThat(context).hasNotFailed());
      return logged.records().stream()
          .filter(record -> record.getLevel() == Level.WARNING)
          .map(LogRecord::getMessage)
          .toList();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class HandWired {

    @Bean
    RestClient users(RestClient.Builder builder, CollapseHttpRequestInterceptor collapse) {
      return builder.requestInterceptor(collapse).build();
    }

    @Bean
    WebClient orders(WebClient.Builder builder, CollapseExchangeFilterFunction collapse) {
      return builder.filter(collapse).build();
    }

    @Bean
    OkHttpClient okHttpClient(CollapseInterceptor collapse) {
      return new OkHttpClient.Builder().addInterceptor(collapse).build();
    }
  }
}
