package io.github.collapseexecutor.spring.boot.autoconfigure.restclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.StartupFailures;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.mock.http.client.MockClientHttpRequest;
import org.springframework.mock.http.client.MockClientHttpResponse;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

final class CollapseRestClientAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class));

  private final ApplicationContextRunner withBootBuilders =
      runner.withConfiguration(
          AutoConfigurations.of(
              LineFixtures.REST_CLIENT_AUTO_CONFIGURATION,
              LineFixtures.REST_TEMPLATE_AUTO_CONFIGURATION));

  @Test
  void providesInterceptorForManualWiring() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(CollapseHttpRequestInterceptor.class);
          CollapseHttpRequestInterceptor interceptor =
              context.getBean(CollapseHttpRequestInterceptor.class);
          RestClient client = RestClient.builder().requestInterceptor(interceptor).build();
          client
              .mutate()
              .requestInterceptors(
                  interceptors -> assertThat(interceptors).containsExactly(interceptor));
        });
  }

  @Test
  void backsOffWhenUserDefinesInterceptor() {
    CollapseHttpRequestInterceptor mine =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    runner
        .withBean(CollapseHttpRequestInterceptor.class, () -> mine)
        .run(
            context -> {
              assertThat(context).getBean(CollapseHttpRequestInterceptor.class).isSameAs(mine);
              assertThat(context.getBean(CollapseExecutors.class).list()).isEmpty();
            });
  }

  @Test
  void noInterceptorWhenRestTemplateDisabled() {
    runner
        .withPropertyValues("collapse.executor.rest-template.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void noInterceptorWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void noInterceptorWithoutTheSpringWebArtifact() {
    runner
        .withClassLoader(new FilteredClassLoader(CollapseHttpRequestInterceptor.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void noInterceptorWithoutSpringWeb() {
    runner
        .withClassLoader(new FilteredClassLoader(RestClient.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void leavesBootBuildersAloneByDefault() {
    withBootBuilders.run(
        context -> {
          assertThat(context)
              .doesNotHaveBean("collapseRestClientCustomizer")
              .doesNotHaveBean("collapseRestTemplateCustomizer");
          assertThat(interceptorsOf(context.getBean(RestClient.Builder.class)))
              .noneMatch(CollapseHttpRequestInterceptor.class::isInstance);
          assertThat(LineFixtures.restTemplates(context).build().getInterceptors())
              .noneMatch(CollapseHttpRequestInterceptor.class::isInstance);
        });
  }

  @Test
  void addsAPartitionOfTheInterceptorLastToEachRestClientBuilderWhenEnabled() {
    ClientHttpRequestInterceptor earlier =
        (request, body, execution) -> execution.execute(request, body);
    withBootBuilders
        .withPropertyValues("collapse.executor.rest-template.customize-rest-client-builder=true")
        .withBean(
            "earlierCustomizer",
            RestClientLine.RestClientCustomizer.class,
            () -> builder -> builder.requestInterceptor(earlier))
        .run(
            context -> {
              CollapseHttpRequestInterceptor interceptor =
                  context.getBean(CollapseHttpRequestInterceptor.class);
              List<ClientHttpRequestInterceptor> first =
                  interceptorsOf(context.getBean(RestClient.Builder.class));
              List<ClientHttpRequestInterceptor> second =
                  interceptorsOf(context.getBean(RestClient.Builder.class));
              assertThat(first).contains(earlier);
              assertPartitionOf(interceptor, last(first));
              assertPartitionOf(interceptor, last(second));
              assertThat(last(first)).isNotSameAs(last(second));
              assertThat(LineFixtures.restTemplates(context).build().getInterceptors())
                  .noneMatch(CollapseHttpRequestInterceptor.class::isInstance);
            });
  }

  @Test
  void addsAPartitionOfTheInterceptorLastToEachRestTemplateWhenEnabled() {
    withBootBuilders
        .withPropertyValues("collapse.executor.rest-template.customize-rest-template-builder=true")
        .run(
            context -> {
              CollapseHttpRequestInterceptor interceptor =
                  context.getBean(CollapseHttpRequestInterceptor.class);
              ClientHttpRequestInterceptor own =
                  (request, body, execution) -> execution.execute(request, body);
              LineFixtures.RestTemplates builder =
                  LineFixtures.restTemplates(context).additionalInterceptors(own);
              List<ClientHttpRequestInterceptor> first = builder.build().getInterceptors();
              List<ClientHttpRequestInterceptor> second = builder.build().getInterceptors();
              assertThat(first).hasSize(2).first().isSameAs(own);
              assertPartitionOf(interceptor, last(first));
              assertPartitionOf(interceptor, last(second));
              assertThat(last(first)).isNotSameAs(last(second));
              assertThat(interceptorsOf(context.getBean(RestClient.Builder.class)))
                  .noneMatch(CollapseHttpRequestInterceptor.class::isInstance);
            });
  }

  @Test
  void customizersUseTheUserInterceptor() {
    CollapseHttpRequestInterceptor mine =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    withBootBuilders
        .withPropertyValues(
            "collapse.executor.rest-template.customize-rest-client-builder=true",
            "collapse.executor.rest-template.customize-rest-template-builder=true")
        .withBean(CollapseHttpRequestInterceptor.class, () -> mine)
        .run(
            context -> {
              assertPartitionOf(
                  mine, last(interceptorsOf(context.getBean(RestClient.Builder.class))));
              assertPartitionOf(
                  mine, last(LineFixtures.restTemplates(context).build().getInterceptors()));
            });
  }

  @Test
  void backsOffWhenUserDefinesCustomizerOfTheSameName() {
    RestClientLine.RestClientCustomizer mine = builder -> {};
    RestClientLine.RestTemplateCustomizer mineToo = template -> {};
    withBootBuilders
        .withPropertyValues(
            "collapse.executor.rest-template.customize-rest-client-builder=true",
            "collapse.executor.rest-template.customize-rest-template-builder=true")
        .withBean(
            "collapseRestClientCustomizer", RestClientLine.RestClientCustomizer.class, () -> mine)
        .withBean(
            "collapseRestTemplateCustomizer",
            RestClientLine.RestTemplateCustomizer.class,
            () -> mineToo)
        .run(
            context -> {
              assertThat(context.getBean("collapseRestClientCustomizer")).isSameAs(mine);
              assertThat(context.getBean("collapseRestTemplateCustomizer")).isSameAs(mineToo);
            });
  }

  @Test
  void noCustomizerWhenRestTemplateDisabled() {
    withBootBuilders
        .withPropertyValues(
            "collapse.executor.rest-template.enabled=false",
            "collapse.executor.rest-template.customize-rest-client-builder=true")
        .run(
            context ->
                assertThat(context).hasNotFailed().doesNotHaveBean("collapseRestClientCustomizer"));
  }

  @Test
  void closesInterceptorWithTheContextAndPassesThroughAfterwards() {
    List<CollapseHttpRequestInterceptor> seen = new ArrayList<>();
    runner
        .withPropertyValues("collapse.executor.rest-template.collapse-groups[0].uris=/**")
        .run(context -> seen.add(context.getBean(CollapseHttpRequestInterceptor.class)));
    CollapseHttpRequestInterceptor closed = seen.get(0);
    RestClient client =
        RestClient.builder()
            .requestFactory(
                (uri, method) -> {
                  MockClientHttpRequest request = new MockClientHttpRequest(method, uri);
                  request.setResponse(new MockClientHttpResponse(new byte[0], HttpStatus.OK));
                  return request;
                })
            .requestInterceptor(closed)
            .build();
    client.get().uri("http://localhost/user/1").retrieve().toBodilessEntity();
    assertThat(closed.stats().passedThrough()).isEqualTo(1);
    assertThat(closed.stats().led()).isZero();
  }

  @Test
  void addsAPartitionOfTheInterceptorLastToEachChosenBeanOnly() {
    ClientHttpRequestInterceptor earlier =
        (request, body, execution) -> execution.execute(request, body);
    runner
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=users,legacy")
        .withBean(
            "users",
            RestClient.class,
            () -> RestClient.builder().requestInterceptor(earlier).build())
        .withBean("orders", RestClient.class, () -> RestClient.builder().build())
        .withBean("legacy", RestTemplate.class, RestTemplate::new)
        .withBean("untouched", RestTemplate.class, RestTemplate::new)
        .run(
            context -> {
              CollapseHttpRequestInterceptor interceptor =
                  context.getBean(CollapseHttpRequestInterceptor.class);
              List<ClientHttpRequestInterceptor> users =
                  interceptorsOf(context.getBean("users", RestClient.class).mutate());
              List<ClientHttpRequestInterceptor> legacy =
                  context.getBean("legacy", RestTemplate.class).getInterceptors();
              assertThat(users).hasSize(2).first().isSameAs(earlier);
              assertPartitionOf(interceptor, last(users));
              assertThat(legacy).hasSize(1);
              assertPartitionOf(interceptor, last(legacy));
              assertThat(last(users)).isNotSameAs(last(legacy));
              assertThat(interceptorsOf(context.getBean("orders", RestClient.class).mutate()))
                  .isEmpty();
              assertThat(context.getBean("untouched", RestTemplate.class).getInterceptors())
                  .isEmpty();
            });
  }

  @Test
  void leavesAChosenBeanThatHoldsTheInterceptorAsItIs() {
    CollapseHttpRequestInterceptor mine =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    RestClient users = RestClient.builder().requestInterceptor(mine).build();
    runner
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=users")
        .withBean(CollapseHttpRequestInterceptor.class, () -> mine)
        .withBean("users", RestClient.class, () -> users)
        .run(context -> assertThat(context.getBean("users")).isSameAs(users));
  }

  @Test
  void chosenBeanInACircleGetsTheInterceptorOnceAndEveryHolderSeesTheSameInstance() {
    runner
        .withAllowCircularReferences(true)
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=users")
        .withUserConfiguration(CircularClients.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              UsersTemplate users = context.getBean("users", UsersTemplate.class);
              assertThat(context.getBean(UsersHolder.class).users).isSameAs(users);
              assertThat(users.getInterceptors()).hasSize(1);
              assertPartitionOf(
                  context.getBean(CollapseHttpRequestInterceptor.class),
                  last(users.getInterceptors()));
            });
  }

  @Test
  void aChosenAliasNamesItsBean() {
    runner
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=userClient")
        .withUserConfiguration(AliasedClient.class)
        .run(
            context -> {
              List<ClientHttpRequestInterceptor> users =
                  interceptorsOf(context.getBean("users", RestClient.class).mutate());
              assertThat(users).hasSize(1);
              assertPartitionOf(context.getBean(CollapseHttpRequestInterceptor.class), last(users));
            });
  }

  @Test
  void failsOnAChosenNameThatIsNoBean() {
    runner
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=users,usres")
        .withBean("users", RestClient.class, () -> RestClient.builder().build())
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.rest-template.apply-to-beans[1]='usres' names no bean; beans of "
                            + "a type this section serves ([RestTemplate, RestClient]): [users]"));
  }

  @Test
  void failsOnAChosenBeanOfAnotherType() {
    runner
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=greeting")
        .withBean("greeting", String.class, () -> "hello")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.rest-template.apply-to-beans names bean 'greeting', a "
                            + "java.lang.String, which is not one of [RestTemplate, RestClient]"));
  }

  @Test
  void failsOnAChosenBeanCreatedBeforeItCouldGetTheInterceptor() {
    runner
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=users")
        .withUserConfiguration(EarlyClient.class)
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.rest-template.apply-to-beans names bean 'users', which was "
                            + "created before collapse could be added to it"));
  }

  @Test
  void failsOnABlankChosenName() {
    runner
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans[0]= ")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains("collapse.executor.rest-template.apply-to-beans[0]"));
  }

  /** Asserts that {@code held} is another instance than {@code bean} that shares its counters. */
  private static void assertPartitionOf(CollapseHttpRequestInterceptor bean, Object held) {
    assertThat(held).isInstanceOf(CollapseHttpRequestInterceptor.class).isNotSameAs(bean);
    assertThat(((CollapseHttpRequestInterceptor) held).stats()).isSameAs(bean.stats());
  }

  private static <T> T last(List<T> list) {
    return list.get(list.size() - 1);
  }

  private static List<ClientHttpRequestInterceptor> interceptorsOf(RestClient.Builder builder) {
    List<ClientHttpRequestInterceptor> seen = new ArrayList<>();
    builder.requestInterceptors(seen::addAll);
    return seen;
  }

  /** A bean post-processor that needs the chosen client, so the client is made too early. */
  @Configuration(proxyBeanMethods = false)
  static class EarlyClient {

    @Bean
    static RestClient users() {
      return RestClient.builder().build();
    }

    @Bean
    static BeanPostProcessor needsUsers(RestClient users) {
      return new BeanPostProcessor() {};
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class AliasedClient {

    @Bean({"users", "userClient"})
    RestClient users() {
      return RestClient.builder().build();
    }
  }

  /** A chosen client and a bean that need each other, so Spring asks for the client early. */
  @Configuration(proxyBeanMethods = false)
  static class CircularClients {

    @Bean
    UsersTemplate users() {
      return new UsersTemplate();
    }

    @Bean
    UsersHolder usersHolder() {
      return new UsersHolder();
    }
  }

  static final class UsersTemplate extends RestTemplate {

    UsersHolder holder;

    @Autowired
    void setHolder(UsersHolder holder) {
      this.holder = holder;
    }
  }

  static final class UsersHolder {

    RestTemplate users;

    @Autowired
    void setUsers(RestTemplate users) {
      this.users = users;
    }
  }

  @Test
  void fleetTrueWithoutAFleetTierStopsStartupNamingWhatIsMissing() {
    runner
        .withPropertyValues(
            "collapse.executor.rest-template.collapse-groups[0].uris=/user/*",
            "collapse.executor.rest-template.fleet=true")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.rest-template.fleet='true': asks for the fleet tier, and"
                            + " collapse.executor.fleet.secret is not set"));
  }
}
