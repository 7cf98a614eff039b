package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.Ordered;

/** The {@code collapse.executor.webflux} section, with where the WebFlux filter runs. */
@ConfigurationProperties("collapse.executor.webflux")
public class CollapseWebFluxProperties extends HttpSection {

  /**
   * Order of the filter among the WebFilter beans; the default runs it after every filter with
   * an order, Spring Security's chain among them.
   */
  private int order = Ordered.LOWEST_PRECEDENCE;

  public CollapseWebFluxProperties() {
    super("webflux");
  }

  public int getOrder() {
    return order;
  }

  public void setOrder(int order) {
    this.order = order;
  }
}
