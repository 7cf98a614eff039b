package io.github.collapseexecutor.spring.boot.autoconfigure.webclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.StartupFailures;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

final class CollapseWebClientAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class));

  private final ApplicationContextRunner withBootBuilder =
      runner.withConfiguration(AutoConfigurations.of(LineFixtures.WEB_CLIENT_AUTO_CONFIGURATION));

  @Test
  void providesFilterFunctionForManualWiring() {
    runner.run(
        context -> {
          CollapseExchangeFilterFunction filter =
              context.getBean(CollapseExchangeFilterFunction.class);
          assertThat(filtersOf(WebClient.builder().filter(filter))).containsExactly(filter);
        });
  }

  @Test
  void backsOffWhenUserDefinesFilterFunction() {
    CollapseExchangeFilterFunction mine =
        new CollapseExchangeFilterFunction(HttpCollapseOptions.builder().build());
    runner
        .withBean(CollapseExchangeFilterFunction.class, () -> mine)
        .run(
            context ->
                assertThat(context).getBean(CollapseExchangeFilterFunction.class).isSameAs(mine));
  }

  @Test
  void noFilterFunctionWhenWebClientDisabled() {
    runner
        .withPropertyValues("collapse.executor.web-client.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseExchangeFilterFunction.class));
  }

  @Test
  void noFilterFunctionWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseExchangeFilterFunction.class));
  }

  @Test
  void noFilterFunctionWithoutTheSpringWebArtifact() {
    runner
        .withClassLoader(new FilteredClassLoader(CollapseExchangeFilterFunction.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseExchangeFilterFunction.class));
  }

  @Test
  void noFilterFunctionWithoutWebFlux() {
    runner
        .withClassLoader(new FilteredClassLoader(WebClient.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseExchangeFilterFunction.class));
  }

  @Test
  void leavesBootBuilderAloneByDefault() {
    withBootBuilder.run(
        context -> {
          assertThat(context).doesNotHaveBean("collapseWebClientCustomizer");
          assertThat(filtersOf(context.getBean(WebClient.Builder.class)))
              .noneMatch(CollapseExchangeFilterFunction.class::isInstance);
        });
  }

  @Test
  void addsAPartitionOfTheFilterFunctionLastToEachBootBuilderWhenEnabled() {
    ExchangeFilterFunction earlier = (request, next) -> next.exchange(request);
    withBootBuilder
        .withPropertyValues("collapse.executor.web-client.customize-web-client-builder=true")
        .withBean(
            "earlierCustomizer",
            WebClientLine.WebClientCustomizer.class,
            () -> builder -> builder.filter(earlier))
        .run(
            context -> {
              CollapseExchangeFilterFunction filter =
                  context.getBean(CollapseExchangeFilterFunction.class);
              List<ExchangeFilterFunction> first =
                  filtersOf(context.getBean(WebClient.Builder.class));
              List<ExchangeFilterFunction> second =
                  filtersOf(context.getBean(WebClient.Builder.class));
              assertThat(first).contains(earlier);
              assertPartitionOf(filter, last(first));
              assertPartitionOf(filter, last(second));
              assertThat(last(first)).isNotSameAs(last(second));
            });
  }

  @Test
  void backsOffWhenUserDefinesCustomizerOfTheSameName() {
    WebClientLine.WebClientCustomizer mine = builder -> {};
    withBootBuilder
        .withPropertyValues("collapse.executor.web-client.customize-web-client-builder=true")
        .withBean(
            "collapseWebClientCustomizer", WebClientLine.WebClientCustomizer.class, () -> mine)
        .run(context -> assertThat(context.getBean("collapseWebClientCustomizer")).isSameAs(mine));
  }

  @Test
  void closesFilterFunctionWithTheContextAndPassesThroughAfterwards() {
    List<CollapseExchangeFilterFunction> seen = new ArrayList<>();
    runner
        .withPropertyValues("collapse.executor.web-client.collapse-groups[0].uris=/**")
        .run(context -> seen.add(context.getBean(CollapseExchangeFilterFunction.class)));
    CollapseExchangeFilterFunction closed = seen.get(0);
    ClientRequest request =
        ClientRequest.create(HttpMethod.GET, URI.create("http://localhost/user/1")).build();

    ClientResponse response =
        closed
            .filter(request, next -> Mono.just(ClientResponse.create(HttpStatus.OK).build()))
            .block(Duration.ofSeconds(5));

    assertThat(response.statusCode()).isEqualTo(HttpStatus.OK);
    assertThat(closed.stats().passedThrough()).isEqualTo(1);
  }

  @Test
  void addsAPartitionOfTheFilterLastToEachChosenBeanOnly() {
    ExchangeFilterFunction earlier = (request, next) -> next.exchange(request);
    runner
        .withPropertyValues("collapse.executor.web-client.apply-to-beans=users,admins")
        .withBean("users", WebClient.class, () -> WebClient.builder().filter(earlier).build())
        .withBean("admins", WebClient.class, () -> WebClient.builder().build())
        .withBean("orders", WebClient.class, () -> WebClient.builder().build())
        .run(
            context -> {
              CollapseExchangeFilterFunction filter =
                  context.getBean(CollapseExchangeFilterFunction.class);
              List<ExchangeFilterFunction> users =
                  filtersOf(context.getBean("users", WebClient.class).mutate());
              List<ExchangeFilterFunction> admins =
                  filtersOf(context.getBean("admins", WebClient.class).mutate());
              assertThat(users).hasSize(2).first().isSameAs(earlier);
              assertPartitionOf(filter, last(users));
              assertThat(admins).hasSize(1);
              assertPartitionOf(filter, last(admins));
              assertThat(last(users)).isNotSameAs(last(admins));
              assertThat(filtersOf(context.getBean("orders", WebClient.class).mutate())).isEmpty();
            });
  }

  @Test
  void leavesAChosenBeanThatHoldsAPartitionOfTheFilterAsItIs() {
    CollapseExchangeFilterFunction mine =
        new CollapseExchangeFilterFunction(HttpCollapseOptions.builder().build());
    WebClient users = WebClient.builder().filter(mine.partition()).build();
    runner
        .withPropertyValues("collapse.executor.web-client.apply-to-beans=users")
        .withBean(CollapseExchangeFilterFunction.class, () -> mine)
        .withBean("users", WebClient.class, () -> users)
        .run(context -> assertThat(context.getBean("users")).isSameAs(users));
  }

  @Test
  void failsOnAChosenNameThatIsNoWebClient() {
    runner
        .withPropertyValues("collapse.executor.web-client.apply-to-beans=users")
        .withBean("users", String.class, () -> "not a client")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.web-client.apply-to-beans names bean 'users', a java.lang.String, "
                            + "which is not one of [WebClient]"));
  }

  /** Asserts that {@code held} is another instance than {@code bean} that shares its counters. */
  private static void assertPartitionOf(CollapseExchangeFilterFunction bean, Object held) {
    assertThat(held).isInstanceOf(CollapseExchangeFilterFunction.class).isNotSameAs(bean);
    assertThat(((CollapseExchangeFilterFunction) held).stats()).isSameAs(bean.stats());
  }

  private static <T> T last(List<T> list) {
    return list.get(list.size() - 1);
  }

  private static List<ExchangeFilterFunction> filtersOf(WebClient.Builder builder) {
    List<ExchangeFilterFunction> seen = new ArrayList<>();
    builder.filters(seen::addAll);
    return seen;
  }
}
