package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilter;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code collapse.executor.gateway} section: the collapse policies and groups the routes'
 * {@code Collapse} filters name, the settings of their executors, and where the filter runs.
 */
@ConfigurationProperties(CollapseGatewayProperties.PREFIX)
public class CollapseGatewayProperties extends HttpSection {

  /** Where the section is bound. */
  public static final String PREFIX = "collapse.executor.gateway";

  /**
   * Order of the Collapse filter among a route's filters and the global filters; below -1, the
   * order of the filter that writes the upstream's body, or nothing would be recorded. Route
   * filters that must run for every request, the waiting ones too, need an order below it.
   */
  private int order = CollapseGatewayFilter.DEFAULT_ORDER;

  public CollapseGatewayProperties() {
    super("gateway");
  }

  public int getOrder() {
    return order;
  }

  public void setOrder(int order) {
    this.order = order;
  }
}
