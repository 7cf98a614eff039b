package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.Map;
import java.util.function.Supplier;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.health.DataRedisHealthContributorAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration;
import org.springframework.boot.restclient.autoconfigure.RestTemplateAutoConfiguration;
import org.springframework.boot.webclient.autoconfigure.WebClientAutoConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.util.UriTemplateHandler;

/**
 * What the shared tests of the Spring Boot modules use of Spring Boot whose package differs
 * between the lines: the client and metrics auto-configurations and the RestTemplate builder. Each
 * Spring Boot module has its own copy (this one names Spring Boot 4's), so that one set of tests
 * compiles and runs on each line.
 */
public final class LineFixtures {

  /** Spring Boot's RestClient auto-configuration. */
  public static final Class<?> REST_CLIENT_AUTO_CONFIGURATION = RestClientAutoConfiguration.class;

  /** Spring Boot's RestTemplate auto-configuration. */
  public static final Class<?> REST_TEMPLATE_AUTO_CONFIGURATION =
      RestTemplateAutoConfiguration.class;

  /** Spring Boot's WebClient auto-configuration. */
  public static final Class<?> WEB_CLIENT_AUTO_CONFIGURATION = WebClientAutoConfiguration.class;

  /** Spring Boot's metrics auto-configuration, which makes the meter registry. */
  public static final Class<?> METRICS_AUTO_CONFIGURATION = MetricsAutoConfiguration.class;

  /** The auto-configuration of Spring Data Redis's connection factory. */
  public static final Class<?> REDIS_AUTO_CONFIGURATION = DataRedisAutoConfiguration.class;

  /** Spring Boot's health contributor of the Redis connection factory, {@code redis}. */
  public static final Class<?> REDIS_HEALTH_AUTO_CONFIGURATION =
      DataRedisHealthContributorAutoConfiguration.class;

  private LineFixtures() {}

  /** Asks the health indicator bean {@code name} of {@code context} for its health. */
  public static HealthView health(ApplicationContext context, String name) {
    Health health = context.getBean(name, HealthIndicator.class).health();
    return new HealthView(health.getStatus().getCode(), health.getDetails());
  }

  /** A health answer, in the terms both lines share: the status code and the details. */
  public record HealthView(String status, Map<String, Object> details) {}

  /** Returns the RestTemplate builder of {@code context}. */
  public static RestTemplates restTemplates(ApplicationContext context) {
    return new RestTemplates(context.getBean(RestTemplateBuilder.class));
  }

  /** Returns a new RestTemplate builder, as an application makes one without Spring Boot's. */
  public static RestTemplates restTemplates() {
    return new RestTemplates(new RestTemplateBuilder());
  }

  /** Spring Boot's RestTemplate builder, through the calls the tests make of it. */
  public record RestTemplates(RestTemplateBuilder builder) {

    /** See {@link RestTemplateBuilder#additionalInterceptors}. */
    public RestTemplates additionalInterceptors(ClientHttpRequestInterceptor... interceptors) {
      return new RestTemplates(builder.additionalInterceptors(interceptors));
    }

    /** See {@link RestTemplateBuilder#uriTemplateHandler}. */
    public RestTemplates uriTemplateHandler(UriTemplateHandler handler) {
      return new RestTemplates(builder.uriTemplateHandler(handler));
    }

    /** See {@link RestTemplateBuilder#requestFactory(Supplier)}. */
    public RestTemplates requestFactory(Supplier<ClientHttpRequestFactory> factory) {
      return new RestTemplates(builder.requestFactory(factory));
    }

    /** See {@link RestTemplateBuilder#basicAuthentication(String, String)}. */
    public RestTemplates basicAuthentication(String username, String password) {
      return new RestTemplates(builder.basicAuthentication(username, password));
    }

    /** See {@link RestTemplateBuilder#build()}. */
    public RestTemplate build() {
      return builder.build();
    }
  }
}
