package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGroupProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilter;
import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilterFactory.Config;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@link CollapseGatewayFilter} of each route, made from the {@code collapse.executor.gateway}
 * section with the one group the route's arguments name or make, and registered with the meters
 * and the endpoint as the executor {@code gateway.<route id>}. A route the gateway builds again
 * (its routes refreshed) with the same arguments keeps its filter and counters; with other
 * arguments, it gets a new filter, which replaces the old one in the meters and the endpoint, and
 * the old one stops collapsing (requests it still serves pass untouched). A route a refresh
 * removed, or that no longer names the filter, drops its filter the same way.
 */
final class RouteCollapsers implements Function<Config, CollapseGatewayFilter>, AutoCloseable {

  /** The integration the route filters' executors serve. */
  static final String INTEGRATION = "gateway";

  private final CollapseGatewayProperties section;
  private final Supplier<CollapseGatewayProperties> freshSection;
  private final HttpAdapterSupport adapters;

  /** The filter of each route, by route id ({@code null} for a filter outside any route). */
  private final Map<@Nullable String, RouteFilter> filters = new LinkedHashMap<>();

  /**
   * @param section the bound section, whose names the routes' arguments are checked against
   * @param freshSection the section bound anew, whose groups a route's filter may replace
   */
  RouteCollapsers(
      CollapseGatewayProperties section,
      Supplier<CollapseGatewayProperties> freshSection,
      HttpAdapterSupport adapters) {
    this.section = section;
    this.freshSection = freshSection;
    this.adapters = adapters;
  }

  @Override
  public synchronized CollapseGatewayFilter apply(Config config) {
    check(config);
    Config key = new Config().setPolicy(config.getPolicy()).setGroup(config.getGroup());
    key.setRouteId(config.getRouteId());
    RouteFilter current = filters.get(key.getRouteId());
    if (current != null && current.config().equals(key)) {
      return current.filter();
    }
    if (current != null) {
      adapters.unregister(current.filter().stats());
      current.filter().close();
    }
    CollapseGatewayFilter filter = create(key);
    filters.put(key.getRouteId(), new RouteFilter(key, filter));
    return filter;
  }

  /**
   * Drops the filters that no route holds any more, {@code serving} being the filters of every
   * route after a refresh: a route that was removed, or no longer names the filter, leaves the
   * meters and the endpoint, and its filter stops collapsing.
   */
  synchronized void retainServing(Collection<?> serving) {
    Set<Object> held = Collections.newSetFromMap(new IdentityHashMap<>());
    held.addAll(serving);
    for (Iterator<RouteFilter> routes = filters.values().iterator(); routes.hasNext(); ) {
      CollapseGatewayFilter filter = routes.next().filter();
      if (!held.contains(filter)) {
        routes.remove();
        adapters.unregister(filter.stats());
        filter.close();
      }
    }
  }

  /** The filter a route got, and the arguments it was made for. */
  private record RouteFilter(Config config, CollapseGatewayFilter filter) {}

  /**
   * Throws an {@link IllegalArgumentException} that says what is wrong if {@code config} names a
   * policy or a group the section does not define, or both.
   */
  void check(Config config) {
    String route = config.getRouteId() == null ? "a route" : "route '" + config.getRouteId() + "'";
    String policy = config.getPolicy();
    String group = config.getGroup();
    if (policy != null && group != null) {
      throw new IllegalArgumentException(
          "The Collapse filter of "
              + route
              + " names both a policy and a group: name the group alone (its policy applies),"
              + " or the policy alone (for every GET and HEAD of the route)");
    }
    if (policy != null && !section.getCollapsePolicies().containsKey(policy)) {
      throw undefined(route, "policy", policy, List.copyOf(section.getCollapsePolicies().keySet()));
    }
    if (group != null && groupNamed(section, group) == null) {
      List<String> names = new ArrayList<>();
      section.getCollapseGroups().forEach(each -> names.add(nameOf(each)));
      throw undefined(route, "group", group, names);
    }
  }

  private static IllegalArgumentException undefined(
      String route, String kind, String name, List<String> defined) {
    String plural = kind.equals("policy") ? "policies" : "groups";
    return new IllegalArgumentException(
        "The Collapse filter of "
            + route
            + " names the collapse "
            + kind
            + " '"
            + name
            + "', which "
            + CollapseGatewayProperties.PREFIX
            + ".collapse-"
            + plural
            + " does not define"
            + (defined.isEmpty() ? " (it defines none)" : "; it defines " + defined));
  }

  private CollapseGatewayFilter create(Config config) {
    String route = config.getRouteId();
    String name = INTEGRATION + "." + (route == null ? "routes" : route);
    CollapseGatewayProperties routeSection = freshSection.get();
    CollapseGroupProperties group;
    if (config.getGroup() != null) {
      // checked above
      group = groupNamed(routeSection, config.getGroup());
    } else {
      group = new CollapseGroupProperties();
      group.setName(route == null ? "all" : route);
      group.setUris(List.of("/**"));
      group.setCollapsePolicyName(config.getPolicy());
    }
    routeSection.setCollapseGroups(group == null ? List.of() : List.of(group));
    HttpCollapseOptions options =
        adapters.options(INTEGRATION, routeSection, builder -> builder.name(name));
    CollapseGatewayFilter filter = new CollapseGatewayFilter(options, section.getOrder());
    Map<String, Object> described = new LinkedHashMap<>();
    described.put("route", route == null ? "" : route);
    described.put("order", section.getOrder());
    adapters.register(INTEGRATION, options, filter.stats(), described);
    return filter;
  }

  private static @Nullable CollapseGroupProperties groupNamed(
      CollapseGatewayProperties section, String name) {
    return section.getCollapseGroups().stream()
        .filter(group -> name.equals(nameOf(group)))
        .findFirst()
        .orElse(null);
  }

  /** A group's name, or its first pattern when it has none, as in the collapse group itself. */
  private static String nameOf(CollapseGroupProperties group) {
    if (group.getName() != null) {
      return group.getName();
    }
    return !group.getUris().isEmpty()
        ? group.getUris().get(0)
        : group.getUriRegexes().isEmpty() ? "" : group.getUriRegexes().get(0);
  }

  /** Stops collapsing on every route, as the context closes. */
  @Override
  public synchronized void close() {
    filters.values().forEach(route -> route.filter().close());
  }
}
