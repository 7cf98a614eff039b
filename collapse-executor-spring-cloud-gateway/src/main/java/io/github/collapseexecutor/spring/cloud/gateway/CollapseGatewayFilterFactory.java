package io.github.collapseexecutor.spring.cloud.gateway;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.cloud.gateway.support.HasRouteId;

/**
 * The {@code Collapse} route filter: a {@link CollapseGatewayFilter} on each route that names it.
 *
 * <pre>{@code
 * spring.cloud.gateway.server.webflux.routes:
 *   - id: prices
 *     uri: http://prices.internal
 *     predicates: [ Path=/api/prices/** ]
 *     filters:
 *       - name: Collapse
 *         args: { policy: prices }
 * }</pre>
 *
 * <p>Its arguments name what the application's configuration defines: {@code policy}, a collapse
 * policy, under which every GET and HEAD of the route may collapse; or {@code group}, a collapse
 * group, whose paths alone collapse, under its own policy; or neither, for every GET and HEAD of
 * the route under the default policy. {@code Collapse=prices} is short for
 * {@code policy: prices}. What each route's filter is, is up to {@code filters}; the Spring Boot
 * auto-configuration gives each route a collapse executor of its own, named after the route.
 */
public final class CollapseGatewayFilterFactory
    extends AbstractGatewayFilterFactory<CollapseGatewayFilterFactory.Config> {

  /** The name routes give the filter. */
  public static final String NAME = "Collapse";

  private final Function<Config, ? extends GatewayFilter> filters;

  /**
   * @param filters the filter of each route's arguments; it rejects an argument that names
   *     nothing defined with an {@link IllegalArgumentException} that says so
   */
  public CollapseGatewayFilterFactory(Function<Config, CollapseGatewayFilter> filters) {
    super(Config.class);
    this.filters = Objects.requireNonNull(filters, "filters");
  }

  /** A factory whose every filter is {@code every}. */
  private CollapseGatewayFilterFactory(GatewayFilter every) {
    super(Config.class);
    this.filters = config -> every;
  }

  /**
   * Returns a factory whose filters pass every request untouched, whatever their arguments: the
   * {@code Collapse} filter of an application that turned collapsing off, so that its routes,
   * which still name the filter, start and serve as they would without it.
   */
  public static CollapseGatewayFilterFactory passingThrough() {
    return new CollapseGatewayFilterFactory((exchange, chain) -> chain.filter(exchange));
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<String> shortcutFieldOrder() {
    return List.of("policy");
  }

  @Override
  public GatewayFilter apply(Config config) {
    return filters.apply(config);
  }

  /** The arguments of one route's {@code Collapse} filter. */
  public static final class Config implements HasRouteId {

    private @Nullable String routeId;
    private @Nullable String policy;
    private @Nullable String group;

    /** Creates the arguments of a filter that names no policy or group yet. */
    public Config() {}

    /** Returns the id of the route the filter is on, if the gateway said. */
    @Override
    public @Nullable String getRouteId() {
      return routeId;
    }

    @Override
    public void setRouteId(@Nullable String routeId) {
      this.routeId = routeId;
    }

    /** Returns the name of the collapse policy of every GET and HEAD of the route, if any. */
    public @Nullable String getPolicy() {
      return policy;
    }

    public Config setPolicy(@Nullable String policy) {
      this.policy = policy;
      return this;
    }

    /** Returns the name of the collapse group whose paths collapse on the route, if any. */
    public @Nullable String getGroup() {
      return group;
    }

    public Config setGroup(@Nullable String group) {
      this.group = group;
      return this;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof Config that
          && Objects.equals(routeId, that.routeId)
          && Objects.equals(policy, that.policy)
          && Objects.equals(group, that.group);
    }

    @Override
    public int hashCode() {
      return Objects.hash(routeId, policy, group);
    }

    @Override
    public String toString() {
      return "Config[routeId=" + routeId + ", policy=" + policy + ", group=" + group + "]";
    }
  }
}
