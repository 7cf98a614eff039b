package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.support.RestClientHttpServiceGroupConfigurer;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.support.WebClientHttpServiceGroupConfigurer;
import org.springframework.web.service.annotation.GetExchange;
import org.springframework.web.service.registry.HttpServiceGroup;
import org.springframework.web.service.registry.ImportHttpServices;
import reactor.core.publisher.Mono;

/**
 * {@code @HttpExchange} interfaces of Spring Boot's HTTP service groups against a real backend:
 * the groups named in {@code collapse.executor.http-service-groups} collapse like their client,
 * the others do not. Each caller passes a counter placed first in its group's client; the backend
 * holds the first call until every caller has passed it.
 */
@SpringBootTest(classes = HttpServiceGroupsEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
        "collapse.executor.http-service-groups=users,reactive-users",
        "collapse.executor.rest-template.collapse-groups[0].uris=/users/*",
        "collapse.executor.web-client.collapse-groups[0].uris=/users/*"})
final class HttpServiceGroupsEndToEndTest {

  private static final int N = 8;
  private static final GatedBackend backend = new GatedBackend();
  private static volatile CountDownLatch arrivals = new CountDownLatch(0);

  @Autowired
  private UserApi users;

  @Autowired
  private ReactiveUserApi reactiveUsers;

  @Autowired
  private OrderApi orders;

  @DynamicPropertySource
  static void groups(DynamicPropertyRegistry registry) {
    for (String group : List.of("users", "reactive-users", "orders")) {
      registry.add("spring.http.serviceclient." + group + ".base-url", backend::baseUrl);
    }
  }

  @BeforeAll
  static void startBackend() {
    backend.start();
  }

  @AfterAll
  static void stopBackend() {
    backend.stop();
  }

  @Test
  void aRestClientGroupNamedInTheSwitchCollapsesConcurrentIdenticalCalls() throws Exception {
    expect(N);

    List<String> bodies = Concurrently.run(N, () -> users.user("1"));

    assertThat(bodies).containsOnly("answer");
    assertThat(backend.calls("/users/1")).isBetween(1, N - 1);
  }

  @Test
  void aWebClientGroupNamedInTheSwitchCollapsesConcurrentIdenticalCalls() throws Exception {
    expect(N);

    List<String> bodies = Concurrently.run(N, () -> reactiveUsers.user("2").block());

    assertThat(bodies).containsOnly("answer");
    assertThat(backend.calls("/users/2")).isBetween(1, N - 1);
  }

  @Test
  void aGroupLeftOutOfTheSwitchDoesNotCollapse() throws Exception {
    expect(N);

    Concurrently.run(N, () -> orders.user("3"));

    assertThat(backend.calls("/users/3")).isEqualTo(N);
  }

  private static void expect(int callers) {
    CountDownLatch latch = new CountDownLatch(callers);
    arrivals = latch;
    backend.holdUntil(latch);
  }

  interface UserApi {
    @GetExchange("/users/{id}")
    String user(@PathVariable("id") String id);
  }

  interface ReactiveUserApi {
    @GetExchange("/users/{id}")
    Mono<String> user(@PathVariable("id") String id);
  }

  interface OrderApi {
    @GetExchange("/users/{id}")
    String user(@PathVariable("id") String id);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @ImportHttpServices(group = "users", types = UserApi.class)
  @ImportHttpServices(group = "orders", types = OrderApi.class)
  @ImportHttpServices(group = "reactive-users", types = ReactiveUserApi.class,
      clientType = HttpServiceGroup.ClientType.WEB_CLIENT)
  static class App {

    /** Counts each caller down first, before the collapse adapter added last. */
    @Bean
    RestClientHttpServiceGroupConfigurer arrivalsFirst() {
      return new RestClientHttpServiceGroupConfigurer() {
        @Override
        public void configureGroups(Groups<RestClient.Builder> groups) {
          groups.forEachClient((group, builder) -> builder.requestInterceptors(interceptors ->
              interceptors.add(0, (request, body, execution) -> {
                arrivals.countDown();
                return execution.execute(request, body);
              })));
        }

        @Override
        public int getOrder() {
          return Ordered.HIGHEST_PRECEDENCE;
        }
      };
    }

    @Bean
    WebClientHttpServiceGroupConfigurer reactiveArrivalsFirst() {
      return new WebClientHttpServiceGroupConfigurer() {
        @Override
        public void configureGroups(Groups<WebClient.Builder> groups) {
          groups.forEachClient((group, builder) -> builder.filters(filters ->
              filters.add(0, (ClientRequest request, ExchangeFunction next) -> {
                arrivals.countDown();
                return next.exchange(request);
              })));
        }

        @Override
        public int getOrder() {
          return Ordered.HIGHEST_PRECEDENCE;
        }
      };
    }
  }
}
