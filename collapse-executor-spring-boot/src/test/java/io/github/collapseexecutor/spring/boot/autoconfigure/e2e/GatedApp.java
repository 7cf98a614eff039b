package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * A web application whose handler waits until every request of a test has passed a filter that
 * runs before the collapse filter (order 0; the collapse filter runs last), with a plain filter bean
 * without an order, which Spring Boot puts after the collapse filter.
 */
@Configuration(proxyBeanMethods = false)
@Import(GatedApp.Handler.class)
class GatedApp {

  @Bean
  ServerGate serverGate() {
    return new ServerGate();
  }

  @Bean
  FilterRegistrationBean<Filter> arrivalsFilter(ServerGate gate) {
    FilterRegistrationBean<Filter> registration =
        new FilterRegistrationBean<>(
            (request, response, chain) -> {
              gate.arrived();
              chain.doFilter(request, response);
            });
    registration.setOrder(0);
    return registration;
  }

  @Bean
  Filter unorderedFilter(ServerGate gate) {
    return (request, response, chain) -> {
      if (request.getDispatcherType() == DispatcherType.REQUEST) {
        gate.passedAfterCollapse();
      }
      chain.doFilter(request, response);
    };
  }

  @Bean
  @Order(Ordered.LOWEST_PRECEDENCE)
  ReportLatch reportLatch() {
    return new ReportLatch();
  }

  @RestController
  static class Handler {

    private final ServerGate gate;

    Handler(ServerGate gate) {
      this.gate = gate;
    }

    @GetMapping({"/user/{id}", "/orders/{id}"})
    String get(@PathVariable("id") String id) throws InterruptedException {
      gate.handle();
      return "item " + id;
    }
  }
}
