package io.github.collapseexecutor.spring.boot.autoconfigure.restclient;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseRestTemplateProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ApplyToChosenBeans;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.BuilderPartitions;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ClientApiVersionHeaders;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ClientWiring;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.LoadBalancedBuilders;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

/**
 * The collapse interceptor of {@code RestClient} and {@code RestTemplate}, configured by the
 * {@code collapse.executor.rest-template} section, which serves both clients: they take the same
 * {@link CollapseHttpRequestInterceptor}. Inject it and add it last:
 *
 * <pre>{@code
 * @Bean
 * RestClient users(RestClient.Builder builder, CollapseHttpRequestInterceptor collapse) {
 *   return builder.baseUrl("https://users.internal").requestInterceptor(collapse).build();
 * }
 * }</pre>
 *
 * <p>The bean shares responses across every client it is added to; add each client whose request
 * factory may differ (another client certificate, another proxy) its own
 * {@code collapse.partition()} instead.
 *
 * <p>Or let it be added to every client built from Spring Boot's builders with
 * {@code customize-rest-client-builder} and {@code customize-rest-template-builder}, both off by
 * default, or to the {@code RestClient} and {@code RestTemplate} beans named in
 * {@code apply-to-beans} only, or to the clients of the HTTP service groups named in
 * {@code collapse.executor.http-service-groups}. Each of those gets a
 * {@linkplain CollapseHttpRequestInterceptor#partition() partition} of its own: each
 * {@code RestClient.Builder}, each {@code RestTemplate}, each chosen bean, each group's client, so
 * clients whose request factories differ (another client certificate) never share a response,
 * while the executor, meters and endpoint entry stay one for the section. Off when
 * {@code collapse.executor.enabled} or {@code collapse.executor.rest-template.enabled} is false, or
 * when {@code spring-web} or {@code collapse-executor-spring-web} is missing.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnClass({RestClient.class, CollapseHttpRequestInterceptor.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(
    name = "collapse.executor.rest-template.enabled",
    matchIfMissing = true)
@EnableConfigurationProperties(CollapseRestTemplateProperties.class)
@Import(RestClientLine.class)
// the imported configuration is package-private: Spring reads it, applications do not
@SuppressWarnings("exports")
public final class CollapseRestClientAutoConfiguration {

  /** The integration tag and executor name of the interceptor. */
  public static final String INTEGRATION = CollapseHttpRequestInterceptor.DEFAULT_NAME;

  @Bean
  @ConditionalOnMissingBean
  CollapseHttpRequestInterceptor collapseHttpRequestInterceptor(
      CollapseRestTemplateProperties section,
      HttpAdapterSupport adapters,
      Environment environment) {
    ClientApiVersionHeaders versions = ClientApiVersionHeaders.of(environment);
    return adapters.newAdapter(
        INTEGRATION,
        section,
        options ->
            versions.isEmpty()
                ? new CollapseHttpRequestInterceptor(options)
                : new CollapseHttpRequestInterceptor(
                    options, request -> versions.valuesIn(request.getHeaders())),
        Map.of(
            "customizeRestClientBuilder", section.isCustomizeRestClientBuilder(),
            "customizeRestTemplateBuilder", section.isCustomizeRestTemplateBuilder()));
  }

  /** Says where the interceptor went, and warns when its collapse groups reach no client. */
  @Bean
  ClientWiring collapseRestTemplateWiring(
      CollapseRestTemplateProperties section, Environment environment) {
    return ClientWiring.withServiceGroups(
        CollapseRestClientAutoConfiguration.class,
        section,
        CollapseHttpRequestInterceptor.class,
        environment,
        new ClientWiring.Builder(
            "RestClient", "customize-rest-client-builder", section.isCustomizeRestClientBuilder()),
        new ClientWiring.Builder(
            "RestTemplate",
            "customize-rest-template-builder",
            section.isCustomizeRestTemplateBuilder()));
  }

  /**
   * Adds a partition of the interceptor, last, to each RestClient and RestTemplate bean of
   * apply-to-beans; a bean that holds a builder's unnamed partition already keeps it, and
   * {@link BuilderPartitions} is told.
   */
  @Bean
  static ApplyToChosenBeans collapseRestTemplateApplyToBeans(
      Environment environment,
      ObjectProvider<CollapseHttpRequestInterceptor> interceptor,
      ObjectProvider<CollapseRestTemplateProperties> section,
      ObjectProvider<BuilderPartitions> partitions) {
    return ApplyToChosenBeans.of(
        environment,
        INTEGRATION,
        List.of(RestTemplate.class, RestClient.class),
        (client, name) ->
            withInterceptor(
                client,
                name,
                interceptor.getObject(),
                held ->
                    partitions
                        .getObject()
                        .checkHeld(
                            section.getObject(),
                            name,
                            held,
                            client instanceof RestTemplate
                                ? "RestTemplateBuilder"
                                : "RestClient.Builder")));
  }

  /**
   * Adds a partition named after the client's bean, the client's name beyond this instance,
   * unless the client holds the interceptor already, which {@code checkHeld} is then given.
   */
  private static Object withInterceptor(
      Object client,
      String beanName,
      CollapseHttpRequestInterceptor interceptor,
      Consumer<Object> checkHeld) {
    if (client instanceof RestTemplate template) {
      HttpAdapterSupport.addPartitionUnlessHeld(
          template.getInterceptors(),
          interceptor,
          collapse -> collapse.partition(beanName),
          checkHeld);
      return template;
    }
    AtomicBoolean present = new AtomicBoolean();
    RestClient.Builder copy =
        ((RestClient) client)
            .mutate()
            .requestInterceptors(
                interceptors ->
                    present.set(
                        !HttpAdapterSupport.addPartitionUnlessHeld(
                            interceptors,
                            interceptor,
                            collapse -> collapse.partition(beanName),
                            checkHeld)));
    return present.get() ? client : copy.build();
  }

  /**
   * Adds a partition of the interceptor to each RestClient builder Spring Boot makes, after the
   * interceptors of other customizers. Spring Boot customizes the builder when it creates it, so
   * interceptors the application adds later come after this one, and the interceptor then lets
   * their requests pass through uncollapsed. The partition follows the builder: the clients it
   * builds, its clones and their {@code mutate()} share it, whatever request factory each is
   * given later. The customizer's type is the Spring Boot line's, which {@link RestClientLine}
   * names.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = RestClientLine.REST_CLIENT_CUSTOMIZER)
  @ConditionalOnBooleanProperty("collapse.executor.rest-template.customize-rest-client-builder")
  static class RestClientBuilderCustomization {

    @Bean
    @ConditionalOnMissingBean(name = "collapseRestClientCustomizer")
    @Order(Ordered.LOWEST_PRECEDENCE)
    RestClientLine.RestClientCustomizer collapseRestClientCustomizer(
        CollapseHttpRequestInterceptor interceptor, BuilderPartitions partitions) {
      return builder ->
          builder.requestInterceptor(
              partitions.remember(interceptor.partition(), "customize-rest-client-builder"));
    }
  }

  /**
   * Adds a partition of the interceptor, after every other one, to each RestTemplate Spring Boot's
   * builder makes: the builder calls the customizer for every template it builds.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = RestClientLine.REST_TEMPLATE_CUSTOMIZER)
  @ConditionalOnBooleanProperty("collapse.executor.rest-template.customize-rest-template-builder")
  static class RestTemplateBuilderCustomization {

    @Bean
    @ConditionalOnMissingBean(name = "collapseRestTemplateCustomizer")
    @Order(Ordered.LOWEST_PRECEDENCE)
    RestClientLine.RestTemplateCustomizer collapseRestTemplateCustomizer(
        CollapseHttpRequestInterceptor interceptor, BuilderPartitions partitions) {
      return restTemplate ->
          restTemplate
              .getInterceptors()
              .add(partitions.remember(interceptor.partition(), "customize-rest-template-builder"));
    }
  }

  /**
   * On each {@code @LoadBalanced} RestClient builder, puts the collapse interceptor after Spring
   * Cloud LoadBalancer's, last: it then keys requests on the service URI the load balancer's
   * request still names, whichever instance it was sent to.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = LoadBalancedBuilders.LOAD_BALANCED)
  static class LoadBalancedRestClients {

    @Bean
    static LoadBalancedBuilders collapseLoadBalancedRestClientBuilders() {
      return new LoadBalancedBuilders(
          RestClient.Builder.class,
          (builder, isLoadBalancer) ->
              ((RestClient.Builder) builder)
                  .requestInterceptors(
                      interceptors ->
                          LoadBalancedBuilders.moveToEnd(
                              interceptors,
                              CollapseHttpRequestInterceptor.class::isInstance,
                              CollapseHttpRequestInterceptor.class::isInstance,
                              isLoadBalancer)));
    }
  }
}
