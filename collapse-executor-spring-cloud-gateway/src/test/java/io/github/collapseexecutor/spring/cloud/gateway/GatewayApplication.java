package io.github.collapseexecutor.spring.cloud.gateway;

import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.SslInfo;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * A gateway application whose routes come from the properties, with two global filters of its
 * own: one that counts the requests that reach the gateway, before the Collapse filter, and one
 * that tells the upstream who asked ({@link #WHO}), after it, so that an answer shared across
 * callers shows.
 */
@SpringBootApplication(proxyBeanMethods = false)
public class GatewayApplication {

  /** The request header the upstream gets: every part of the caller's identity it was sent. */
  public static final String WHO = "X-Who";

  /** Counted down by every request that reaches the gateway; set before a test's requests. */
  static volatile CountDownLatch arrivals = new CountDownLatch(0);

  /** Counted down by every request whose client went away; set before a test's requests. */
  static volatile CountDownLatch cancels = new CountDownLatch(0);

  /** Starts the gateway on a random port, in front of {@code upstream}, with the YAML routes. */
  public static ConfigurableApplicationContext start(String upstream, String... properties) {
    return start(new Class<?>[0], upstream, properties);
  }

  /** {@link #start(String, String...)} with more configuration {@code sources}. */
  public static ConfigurableApplicationContext start(
      Class<?>[] sources, String upstream, String... properties) {
    List<String> args = new ArrayList<>();
    args.add("--server.port=0");
    // a test closes the gateway once its answers are in: no connection to wait for
    args.add("--server.shutdown=immediate");
    args.add("--upstream.uri=" + upstream);
    args.add("--spring.profiles.active=routes");
    for (String property : properties) {
      args.add("--" + property);
    }
    List<Class<?>> all = new ArrayList<>(List.of(sources));
    all.add(0, GatewayApplication.class);
    return SpringApplication.run(all.toArray(Class<?>[]::new), args.toArray(String[]::new));
  }

  @Bean
  GlobalFilter countArrivals() {
    return new OrderedGlobalFilter(
        Ordered.HIGHEST_PRECEDENCE,
        (exchange, chain) -> {
          arrivals.countDown();
          return chain.filter(exchange).doOnCancel(() -> cancels.countDown());
        });
  }

  /** After the Collapse filter (just before the write filter), before the routing one. */
  @Bean
  GlobalFilter tellWhoAsked() {
    return new OrderedGlobalFilter(
        0,
        (exchange, chain) ->
            chain.filter(
                exchange
                    .mutate()
                    .request(request -> request.header(WHO, who(exchange.getRequest())))
                    .build()));
  }

  /** A global filter at an order: the gateway reads no {@code @Order} of a lambda's bean. */
  private record OrderedGlobalFilter(int order, GlobalFilter filter)
      implements GlobalFilter, Ordered {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
      return filter.filter(exchange, chain);
    }

    @Override
    public int getOrder() {
      return order;
    }
  }

  private static String who(ServerHttpRequest request) {
    List<String> parts = new ArrayList<>();
    for (String header : List.of("Authorization", "Cookie", "Forwarded", "X-Forwarded-For")) {
      String value = request.getHeaders().getFirst(header);
      parts.add(value == null ? "-" : value);
    }
    SslInfo ssl = request.getSslInfo();
    Certificate[] chain = ssl == null ? null : ssl.getPeerCertificates();
    parts.add(
        chain == null || chain.length == 0
            ? "-"
            : ((X509Certificate) chain[0]).getSubjectX500Principal().getName());
    return String.join("|", parts);
  }
}
