package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilterFactory;
import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilterFactory.Config;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.cloud.gateway.config.GatewayProperties;
import org.springframework.cloud.gateway.filter.FilterDefinition;
import org.springframework.cloud.gateway.route.RouteDefinition;
import org.springframework.cloud.gateway.support.NameUtils;

/**
 * The arguments of the {@code Collapse} filters the gateway's properties define, checked at
 * startup: the gateway itself builds its routes only once the application runs, and logs what
 * fails there rather than stopping.
 */
final class RouteArguments {

  private RouteArguments() {}

  /**
   * Throws an {@link IllegalArgumentException} naming the property of the first {@code Collapse}
   * filter whose arguments {@code collapsers} rejects.
   */
  static void check(GatewayProperties gateway, RouteCollapsers collapsers) {
    List<RouteDefinition> routes = gateway.getRoutes();
    for (int r = 0; r < routes.size(); r++) {
      List<FilterDefinition> filters = routes.get(r).getFilters();
      for (int f = 0; f < filters.size(); f++) {
        check(
            GatewayProperties.PREFIX + ".routes[" + r + "].filters[" + f + "]",
            routes.get(r).getId(),
            filters.get(f),
            collapsers);
      }
    }
    List<FilterDefinition> defaults = gateway.getDefaultFilters();
    for (int f = 0; f < defaults.size(); f++) {
      check(
          GatewayProperties.PREFIX + ".default-filters[" + f + "]",
          null,
          defaults.get(f),
          collapsers);
    }
  }

  private static void check(
      String key, @Nullable String routeId, FilterDefinition filter, RouteCollapsers collapsers) {
    if (!CollapseGatewayFilterFactory.NAME.equals(filter.getName())) {
      return;
    }
    Map<String, String> args = filter.getArgs();
    Config config =
        new Config()
            .setPolicy(args.getOrDefault("policy", args.get(NameUtils.generateName(0))))
            .setGroup(args.get("group"));
    config.setRouteId(routeId);
    try {
      collapsers.check(config);
    } catch (IllegalArgumentException wrong) {
      throw new IllegalArgumentException(key + ": " + wrong.getMessage(), wrong);
    }
  }
}
