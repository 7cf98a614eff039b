package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilterFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * The {@code Collapse} route filter of a gateway that turned collapsing off
 * ({@code collapse.executor.enabled} or {@code collapse.executor.gateway.enabled} false): it passes
 * every request untouched, so that the routes that name it start and serve as they would without
 * it, rather than stop the application for a filter it does not know.
 */
@AutoConfiguration(after = CollapseGatewayAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(GatewayFilter.class)
@Conditional(CollapseGatewayOffAutoConfiguration.Off.class)
final class CollapseGatewayOffAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(CollapseGatewayFilterFactory.class)
  CollapseGatewayFilterFactory collapseGatewayFilterFactory() {
    return CollapseGatewayFilterFactory.passingThrough();
  }

  /** Collapsing turned off for every section, or for the gateway's. */
  static final class Off extends AnyNestedCondition {

    Off() {
      super(ConfigurationPhase.PARSE_CONFIGURATION);
    }

    @ConditionalOnBooleanProperty(name = "collapse.executor.enabled", havingValue = false)
    static final class AllOff {}

    @ConditionalOnBooleanProperty(name = "collapse.executor.gateway.enabled", havingValue = false)
    static final class GatewayOff {}
  }
}
