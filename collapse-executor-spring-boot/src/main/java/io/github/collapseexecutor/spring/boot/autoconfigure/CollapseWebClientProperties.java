package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code collapse.executor.web-client} section, with the opt-in builder customizer. */
@ConfigurationProperties("collapse.executor.web-client")
public class CollapseWebClientProperties extends ClientSection {

  /**
   * Whether to add the filter function to every WebClient built from Spring Boot's
   * WebClient.Builder.
   */
  private boolean customizeWebClientBuilder;

  public CollapseWebClientProperties() {
    super("web-client");
  }

  public boolean isCustomizeWebClientBuilder() {
    return customizeWebClientBuilder;
  }

  public void setCustomizeWebClientBuilder(boolean customizeWebClientBuilder) {
    this.customizeWebClientBuilder = customizeWebClientBuilder;
  }
}
