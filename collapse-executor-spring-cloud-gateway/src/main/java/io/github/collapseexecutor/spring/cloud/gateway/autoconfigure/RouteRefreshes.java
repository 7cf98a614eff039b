package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import org.springframework.cloud.gateway.event.RefreshRoutesResultEvent;
import org.springframework.cloud.gateway.filter.OrderedGatewayFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

/**
 * After each refresh of the routes, drops the filters of the routes it removed or that no longer
 * name the filter ({@link RouteCollapsers#retainServing}), before the other listeners of the
 * refresh hear of it. Should refreshes overlap, a filter built for a later one may be dropped
 * too: its requests then pass untouched until the next refresh gives the route a new one, which
 * is never wrong, only uncollapsed.
 */
final class RouteRefreshes implements ApplicationListener<RefreshRoutesResultEvent>, Ordered {

  private final RouteCollapsers collapsers;

  RouteRefreshes(RouteCollapsers collapsers) {
    this.collapsers = collapsers;
  }

  @Override
  public void onApplicationEvent(RefreshRoutesResultEvent event) {
    if (event.isSuccess() && event.getSource() instanceof RouteLocator routes) {
      // the routes of the cache the refresh filled: no route is built again here
      routes
          .getRoutes()
          .flatMapIterable(Route::getFilters)
          .map(
              filter ->
                  filter instanceof OrderedGatewayFilter ordered ? ordered.getDelegate() : filter)
          .collectList()
          .subscribe(collapsers::retainServing);
    }
  }

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
