package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck.CheckedSettings;
import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilter;
import java.util.List;

/**
 * Makes the keys of {@code collapse.executor.gateway} known, and its values checked, with every
 * other key of {@code collapse.executor} before any bean is made; and rejects an order at which
 * the filter would run after the gateway writes the upstream's body. Listed in
 * {@code META-INF/spring.factories}.
 */
final class GatewayCheck implements SettingsCheck {

  @Override
  public List<Class<?>> properties() {
    return List.of(CollapseGatewayProperties.class);
  }

  @Override
  public void check(CheckedSettings settings) {
    CollapseGatewayProperties section = settings.bound(CollapseGatewayProperties.class);
    // DEFAULT_ORDER is a constant: reading it loads no class of the gateway
    if (section.isEnabled() && section.getOrder() > CollapseGatewayFilter.DEFAULT_ORDER) {
      settings
          .rejections()
          .reject(
              CollapseGatewayProperties.PREFIX + ".order",
              section.getOrder(),
              "the filter must run before the gateway writes the upstream's body (order "
                  + (CollapseGatewayFilter.DEFAULT_ORDER + 1)
                  + "), or it records nothing: "
                  + CollapseGatewayFilter.DEFAULT_ORDER
                  + " at most");
    }
  }
}
