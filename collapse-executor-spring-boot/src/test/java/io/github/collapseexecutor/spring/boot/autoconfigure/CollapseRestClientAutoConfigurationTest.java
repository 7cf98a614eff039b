package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration;
import org.springframework.boot.restclient.autoconfigure.RestTemplateAutoConfiguration;
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

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class,
          CollapseRestClientAutoConfiguration.class));

  private final ApplicationContextRunner withBootBuilders = runner.withConfiguration(
      AutoConfigurations.of(RestClientAutoConfiguration.class,
          RestTemplateAutoConfiguration.class));

  @Test
  void providesInterceptorForManualWiring() {
    runner.run(context -> {
      assertThat(context).hasSingleBean(CollapseHttpRequestInterceptor.class);
      CollapseHttpRequestInterceptor interceptor =
          context.getBean(CollapseHttpRequestInterceptor.class);
      RestClient client = RestClient.builder().requestInterceptor(interceptor).build();
      client.mutate().requestInterceptors(interceptors ->
          assertThat(interceptors).containsExactly(interceptor));
    });
  }

  @Test
  void backsOffWhenUserDefinesInterceptor() {
    CollapseHttpRequestInterceptor mine =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    runner.withBean(CollapseHttpRequestInterceptor.class, () -> mine).run(context -> {
      assertThat(context).getBean(CollapseHttpRequestInterceptor.class).isSameAs(mine);
      assertThat(context.getBean(CollapseExecutors.class).list()).isEmpty();
    });
  }

  @Test
  void noInterceptorWhenRestTemplateDisabled() {
    runner.withPropertyValues("collapse.executor.rest-template.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void noInterceptorWhenMasterSwitchOff() {
    runner.withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void noInterceptorWithoutSpringWeb() {
    runner.withClassLoader(new FilteredClassLoader(RestClient.class))
        .run(context -> assertThat(context).hasNotFailed()
            .doesNotHaveBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void leavesBootBuildersAloneByDefault() {
    withBootBuilders.run(context -> {
      assertThat(context).doesNotHaveBean("collapseRestClientCustomizer")
          .doesNotHaveBean("collapseRestTemplateCustomizer");
      assertThat(interceptorsOf(context.getBean(RestClient.Builder.class))).noneMatch(
          CollapseHttpRequestInterceptor.class::isInstance);
      assertThat(context.getBean(RestTemplateBuilder.class).build().getInterceptors())
          .noneMatch(CollapseHttpRequestInterceptor.class::isInstance);
    });
  }

  @Test
  void addsInterceptorLastToRestClientBuilderWhenEnabled() {
    ClientHttpRequestInterceptor earlier = (request, body, execution) ->
        execution.execute(request, body);
    withBootBuilders
        .withPropertyValues("collapse.executor.rest-template.customize-rest-client-builder=true")
        .withBean("earlierCustomizer", RestClientCustomizer.class,
            () -> builder -> builder.requestInterceptor(earlier))
        .run(context -> {
          CollapseHttpRequestInterceptor interceptor =
              context.getBean(CollapseHttpRequestInterceptor.class);
          assertThat(interceptorsOf(context.getBean(RestClient.Builder.class)))
              .containsSubsequence(earlier, interceptor).last().isSameAs(interceptor);
          assertThat(context.getBean(RestTemplateBuilder.class).build().getInterceptors())
              .doesNotContain(interceptor);
        });
  }

  @Test
  void addsInterceptorLastToRestTemplateBuilderWhenEnabled() {
    withBootBuilders
        .withPropertyValues("collapse.executor.rest-template.customize-rest-template-builder=true")
        .run(context -> {
          CollapseHttpRequestInterceptor interceptor =
              context.getBean(CollapseHttpRequestInterceptor.class);
          ClientHttpRequestInterceptor own = (request, body, execution) ->
              execution.execute(request, body);
          RestTemplate template =
              context.getBean(RestTemplateBuilder.class).additionalInterceptors(own).build();
          assertThat(template.getInterceptors()).containsExactly(own, interceptor);
          assertThat(interceptorsOf(context.getBean(RestClient.Builder.class)))
              .doesNotContain(interceptor);
        });
  }

  @Test
  void customizersUseTheUserInterceptor() {
    CollapseHttpRequestInterceptor mine =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    withBootBuilders
        .withPropertyValues("collapse.executor.rest-template.customize-rest-client-builder=true",
            "collapse.executor.rest-template.customize-rest-template-builder=true")
        .withBean(CollapseHttpRequestInterceptor.class, () -> mine)
        .run(context -> {
          assertThat(interceptorsOf(context.getBean(RestClient.Builder.class))).contains(mine);
          assertThat(context.getBean(RestTemplateBuilder.class).build().getInterceptors())
              .contains(mine);
        });
  }

  @Test
  void backsOffWhenUserDefinesCustomizerOfTheSameName() {
    RestClientCustomizer mine = builder -> { };
    RestTemplateCustomizer mineToo = template -> { };
    withBootBuilders
        .withPropertyValues("collapse.executor.rest-template.customize-rest-client-builder=true",
            "collapse.executor.rest-template.customize-rest-template-builder=true")
        .withBean("collapseRestClientCustomizer", RestClientCustomizer.class, () -> mine)
        .withBean("collapseRestTemplateCustomizer", RestTemplateCustomizer.class, () -> mineToo)
        .run(context -> {
          assertThat(context.getBean("collapseRestClientCustomizer")).isSameAs(mine);
          assertThat(context.getBean("collapseRestTemplateCustomizer")).isSameAs(mineToo);
        });
  }

  @Test
  void noCustomizerWhenRestTemplateDisabled() {
    withBootBuilders
        .withPropertyValues("collapse.executor.rest-template.enabled=false",
            "collapse.executor.rest-template.customize-rest-client-builder=true")
        .run(context -> assertThat(context).hasNotFailed()
            .doesNotHaveBean("collapseRestClientCustomizer"));
  }

  @Test
  void closesInterceptorWithTheContextAndPassesThroughAfterwards() {
    List<CollapseHttpRequestInterceptor> seen = new ArrayList<>();
    runner.withPropertyValues("collapse.executor.rest-template.collapse-groups[0].uris=/**")
        .run(context -> seen.add(context.getBean(CollapseHttpRequestInterceptor.class)));
    CollapseHttpRequestInterceptor closed = seen.get(0);
    RestClient client = RestClient.builder()
        .requestFactory((uri, method) -> {
          MockClientHttpRequest request = new MockClientHttpRequest(method, uri);
          request.setResponse(new MockClientHttpResponse(new byte[0], HttpStatus.OK));
          return request;
        })
        .requestInterceptor(closed).build();
    client.get().uri("http://localhost/user/1").retrieve().toBodilessEntity();
    assertThat(closed.stats().passedThrough()).isEqualTo(1);
    assertThat(closed.stats().led()).isZero();
  }

  @Test
  void addsInterceptorLastToChosenBeansOnly() {
    ClientHttpRequestInterceptor earlier = (request, body, execution) ->
        execution.execute(request, body);
    runner.withPropertyValues("collapse.executor.rest-template.apply-to-beans=users,legacy")
        .withBean("users", RestClient.class,
            () -> RestClient.builder().requestInterceptor(earlier).build())
        .withBean("orders", RestClient.class, () -> RestClient.builder().build())
        .withBean("legacy", RestTemplate.class, RestTemplate::new)
        .withBean("untouched", RestTemplate.class, RestTemplate::new)
        .run(context -> {
          CollapseHttpRequestInterceptor interceptor =
              context.getBean(CollapseHttpRequestInterceptor.class);
          assertThat(interceptorsOf(context.getBean("users", RestClient.class).mutate()))
              .containsExactly(earlier, interceptor);
          assertThat(interceptorsOf(context.getBean("orders", RestClient.class).mutate()))
              .isEmpty();
          assertThat(context.getBean("legacy", RestTemplate.class).getInterceptors())
              .containsExactly(interceptor);
          assertThat(context.getBean("untouched", RestTemplate.class).getInterceptors())
              .isEmpty();
        });
  }

  @Test
  void leavesAChosenBeanThatHoldsTheInterceptorAsItIs() {
    CollapseHttpRequestInterceptor mine =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    RestClient users = RestClient.builder().requestInterceptor(mine).build();
    runner.withPropertyValues("collapse.executor.rest-template.apply-to-beans=users")
        .withBean(CollapseHttpRequestInterceptor.class, () -> mine)
        .withBean("users", RestClient.class, () -> users)
        .run(context -> assertThat(context.getBean("users")).isSameAs(users));
  }

  @Test
  void chosenBeanInACircleGetsTheInterceptorOnceAndEveryHolderSeesTheSameInstance() {
    runner.withAllowCircularReferences(true)
        .withPropertyValues("collapse.executor.rest-template.apply-to-beans=users")
        .withUserConfiguration(CircularClients.class)
        .run(context -> {
          assertThat(context).hasNotFailed();
          UsersTemplate users = context.getBean("users", UsersTemplate.class);
          assertThat(context.getBean(UsersHolder.class).users).isSameAs(users);
          assertThat(users.getInterceptors())
              .containsExactly(context.getBean(CollapseHttpRequestInterceptor.class));
        });
  }

  @Test
  void aChosenAliasNamesItsBean() {
    runner.withPropertyValues("collapse.executor.rest-template.apply-to-beans=userClient")
        .withUserConfiguration(AliasedClient.class)
        .run(context -> assertThat(interceptorsOf(context.getBean("users", RestClient.class)
            .mutate())).containsExactly(context.getBean(CollapseHttpRequestInterceptor.class)));
  }

  @Test
  void failsOnAChosenNameThatIsNoBean() {
    runner.withPropertyValues("collapse.executor.rest-template.apply-to-beans=users,usres")
        .withBean("users", RestClient.class, () -> RestClient.builder().build())
        .run(context -> assertThat(StartupFailures.messages(context)).contains(
            "collapse.executor.rest-template.apply-to-beans[1]='usres' names no bean; beans of "
                + "a type this section serves ([RestTemplate, RestClient]): [users]"));
  }

  @Test
  void failsOnAChosenBeanOfAnotherType() {
    runner.withPropertyValues("collapse.executor.rest-template.apply-to-beans=greeting")
        .withBean("greeting", String.class, () -> "hello")
        .run(context -> assertThat(StartupFailures.messages(context)).contains(
            "collapse.executor.rest-template.apply-to-beans names bean 'greeting', a "
                + "java.lang.String, which is not one of [RestTemplate, RestClient]"));
  }

  @Test
  void failsOnAChosenBeanCreatedBeforeItCouldGetTheInterceptor() {
    runner.withPropertyValues("collapse.executor.rest-template.apply-to-beans=users")
        .withUserConfiguration(EarlyClient.class)
        .run(context -> assertThat(StartupFailures.messages(context)).contains(
            "collapse.executor.rest-template.apply-to-beans names bean 'users', which was "
                + "created before collapse could be added to it"));
  }

  @Test
  void failsOnABlankChosenName() {
    runner.withPropertyValues("collapse.executor.rest-template.apply-to-beans[0]= ")
        .run(context -> assertThat(StartupFailures.messages(context))
            .contains("collapse.executor.rest-template.apply-to-beans[0]"));
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
      return new BeanPostProcessor() { };
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
}
