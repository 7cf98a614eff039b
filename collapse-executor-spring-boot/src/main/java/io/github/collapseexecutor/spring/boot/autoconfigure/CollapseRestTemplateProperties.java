package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code collapse.executor.rest-template} section: RestTemplate and RestClient, with the
 * opt-in builder customizers.
 */
@ConfigurationProperties("collapse.executor.rest-template")
public class CollapseRestTemplateProperties extends ClientSection {

  /**
   * Whether to add the interceptor to every RestTemplate built by Spring Boot's
   * RestTemplateBuilder.
   */
  private boolean customizeRestTemplateBuilder;

  /**
   * Whether to add the interceptor to every RestClient built from Spring Boot's
   * RestClient.Builder.
   */
  private boolean customizeRestClientBuilder;

  public CollapseRestTemplateProperties() {
    super("rest-template");
  }

  public boolean isCustomizeRestTemplateBuilder() {
    return customizeRestTemplateBuilder;
  }

  public void setCustomizeRestTemplateBuilder(boolean customizeRestTemplateBuilder) {
    this.customizeRestTemplateBuilder = customizeRestTemplateBuilder;
  }

  public boolean isCustomizeRestClientBuilder() {
    return customizeRestClientBuilder;
  }

  public void setCustomizeRestClientBuilder(boolean customizeRestClientBuilder) {
    this.customizeRestClientBuilder = customizeRestClientBuilder;
  }
}
