package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.WebFilter;

/**
 * For a reactive test application: counts the requests that reached the collapse filter (after
 * the security chain, at -100, where there is one), and lets a handler hold until every request
 * of a round has, through the {@link WebFilterArrivals} bean.
 */
@Configuration(proxyBeanMethods = false)
class JoinedCounting {

  @Bean
  WebFilterArrivals joined() {
    return new WebFilterArrivals();
  }

  @Bean
  @Order(0)
  WebFilter countJoined(WebFilterArrivals joined) {
    return joined.filter();
  }
}
