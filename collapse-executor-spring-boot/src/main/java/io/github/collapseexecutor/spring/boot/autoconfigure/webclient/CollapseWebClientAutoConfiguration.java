package io.github.collapseexecutor.spring.boot.autoconfigure.webclient;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseWebClientProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ApplyToChosenBeans;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.BuilderPartitions;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ClientApiVersionHeaders;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ClientWiring;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.LoadBalancedBuilders;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
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
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The collapse filter function of {@code WebClient}, configured by the
 * {@code collapse.executor.web-client} section. Inject it and add it last:
 *
 * <pre>{@code
 * @Bean
 * WebClient users(WebClient.Builder builder, CollapseExchangeFilterFunction collapse) {
 *   return builder.baseUrl("https://users.internal").filter(collapse).build();
 * }
 * }</pre>
 *
 * <p>The bean shares responses across every client it is added to; add each client whose
 * connector may differ (another client certificate, another proxy) its own
 * {@code collapse.partition()} instead.
 *
 * <p>Or let it be added to every client built from Spring Boot's builder with
 * {@code customize-web-client-builder}, off by default, or to the {@code WebClient} beans named in
 * {@code apply-to-beans} only, or to the clients of the HTTP service groups named in
 * {@code collapse.executor.http-service-groups}. Each of those gets a
 * {@linkplain CollapseExchangeFilterFunction#partition() partition} of its own: each
 * {@code WebClient.Builder}, each chosen bean, each group's client, so clients whose connectors
 * differ (another client certificate) never share a response, while the executor, meters and
 * endpoint entry stay one for the section. Off when {@code collapse.executor.enabled} or
 * {@code collapse.executor.web-client.enabled} is false, or when {@code spring-webflux} or
 * {@code collapse-executor-spring-web} is missing.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnClass({WebClient.class, CollapseExchangeFilterFunction.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.web-client.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CollapseWebClientProperties.class)
@Import(WebClientLine.class)
// the imported configuration is package-private: Spring reads it, applications do not
@SuppressWarnings("exports")
public final class CollapseWebClientAutoConfiguration {

  /** The integration tag and executor name of the filter function. */
  public static final String INTEGRATION = CollapseExchangeFilterFunction.DEFAULT_NAME;

  @Bean
  @ConditionalOnMissingBean
  CollapseExchangeFilterFunction collapseExchangeFilterFunction(
      CollapseWebClientProperties section, HttpAdapterSupport adapters, Environment environment) {
    ClientApiVersionHeaders versions = ClientApiVersionHeaders.of(environment);
    return adapters.newAdapter(
        INTEGRATION,
        section,
        options ->
            versions.isEmpty()
                ? new CollapseExchangeFilterFunction(options)
                : new CollapseExchangeFilterFunction(
                    options, request -> versions.valuesIn(request.headers())),
        Map.of("customizeWebClientBuilder", section.isCustomizeWebClientBuilder()));
  }

  /** Says where the filter function went, and warns when its collapse groups reach no client. */
  @Bean
  ClientWiring collapseWebClientWiring(
      CollapseWebClientProperties section, Environment environment) {
    return ClientWiring.withServiceGroups(
        CollapseWebClientAutoConfiguration.class,
        section,
        CollapseExchangeFilterFunction.class,
        environment,
        new ClientWiring.Builder(
            "WebClient", "customize-web-client-builder", section.isCustomizeWebClientBuilder()));
  }

  /**
   * Adds a partition of the filter function, last, to each WebClient bean of apply-to-beans; a
   * bean that holds the builder's unnamed partition already keeps it, and
   * {@link BuilderPartitions} is told.
   */
  @Bean
  static ApplyToChosenBeans collapseWebClientApplyToBeans(
      Environment environment,
      ObjectProvider<CollapseExchangeFilterFunction> filter,
      ObjectProvider<CollapseWebClientProperties> section,
      ObjectProvider<BuilderPartitions> partitions) {
    return ApplyToChosenBeans.of(
        environment,
        INTEGRATION,
        List.of(WebClient.class),
        (client, name) ->
            withFilter(
                (WebClient) client,
                name,
                filter.getObject(),
                held ->
                    partitions
                        .getObject()
                        .checkHeld(section.getObject(), name, held, "WebClient.Builder")));
  }

  /**
   * Adds a partition named after the client's bean, the client's name beyond this instance,
   * unless the client holds the filter function already, which {@code checkHeld} is then given.
   */
  private static WebClient withFilter(
      WebClient client,
      String beanName,
      CollapseExchangeFilterFunction filter,
      Consumer<Object> checkHeld) {
    AtomicBoolean present = new AtomicBoolean();
    WebClient.Builder copy =
        client
            .mutate()
            .filters(
                filters ->
                    present.set(
                        !HttpAdapterSupport.addPartitionUnlessHeld(
                            filters, filter, collapse -> collapse.partition(beanName), checkHeld)));
    return present.get() ? client : copy.build();
  }

  /**
   * Adds a partition of the filter function to each WebClient builder Spring Boot makes, after the
   * filters of other customizers. Spring Boot customizes the builder when it creates it, so filters
   * the application adds later come after this one: the key does not see them, and a response
   * whose request they changed in a way the key would see is not shared. The partition follows the
   * builder: the clients it builds, its clones and their {@code mutate()} share it, whatever
   * connector each is given later. The customizer's type is the Spring Boot line's, which
   * {@link WebClientLine} names.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = WebClientLine.WEB_CLIENT_CUSTOMIZER)
  @ConditionalOnBooleanProperty("collapse.executor.web-client.customize-web-client-builder")
  static class WebClientBuilderCustomization {

    @Bean
    @ConditionalOnMissingBean(name = "collapseWebClientCustomizer")
    @Order(Ordered.LOWEST_PRECEDENCE)
    WebClientLine.WebClientCustomizer collapseWebClientCustomizer(
        CollapseExchangeFilterFunction filter, BuilderPartitions partitions) {
      return builder ->
          builder.filter(partitions.remember(filter.partition(), "customize-web-client-builder"));
    }
  }

  /**
   * On each {@code @LoadBalanced} WebClient builder, puts Spring Cloud LoadBalancer's filter after
   * the collapse filter, which then keys requests on the service URI and lets the load balancer
   * pick the instance ({@link CollapseExchangeFilterFunction#beforeLoadBalancer()}).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = LoadBalancedBuilders.LOAD_BALANCED)
  static class LoadBalancedWebClients {

    @Bean
    static LoadBalancedBuilders collapseLoadBalancedWebClientBuilders() {
      return new LoadBalancedBuilders(
          WebClient.Builder.class,
          (builder, isLoadBalancer) ->
              ((WebClient.Builder) builder)
                  .filters(
                      filters -> {
                        if (filters.stream().anyMatch(isLoadBalancer)) {
                          filters.replaceAll(
                              filter ->
                                  filter instanceof CollapseExchangeFilterFunction collapse
                                      ? collapse.beforeLoadBalancer()
                                      : filter);
                          LoadBalancedBuilders.moveToEnd(
                              filters,
                              isLoadBalancer,
                              CollapseExchangeFilterFunction.class::isInstance,
                              isLoadBalancer);
                        }
                      }));
    }
  }
}
