package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.PathVariable;
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
@SpringBootTest(
    classes = HttpServiceGroupsEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      "collapse.executor.http-service-groups=users,reactive-users",
      "collapse.executor.rest-template.collapse-groups[0].uris=/users/*",
      "collapse.executor.web-client.collapse-groups[0].uris=/users/*"
    })
final class HttpServiceGroupsEndToEndTest {

  private static final int N = 8;
  private static final GatedBackend backend = new GatedBackend();

  @Autowired private GroupArrivals arrivals;

  @Autowired private UserApi users;

  @Autowired private ReactiveUserApi reactiveUsers;

  @Autowired private OrderApi orders;

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

  private void expect(int callers) {
    backend.holdUntil(arrivals.expect(callers));
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
  @Import(GroupArrivals.class)
  @ImportHttpServices(group = "users", types = UserApi.class)
  @ImportHttpServices(group = "orders", types = OrderApi.class)
  @ImportHttpServices(
      group = "reactive-users",
      types = ReactiveUserApi.class,
      clientType = HttpServiceGroup.ClientType.WEB_CLIENT)
  static class App {}
}
