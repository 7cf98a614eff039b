package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.userdetails.MapReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The WebFlux filter in a reactive Spring Boot application behind Spring Security WebFlux (HTTP
 * basic, two users, the default security headers): the filter runs after the security chain, so
 * the identical requests of one user collapse, two users never share, and each replay carries its
 * own request's security headers once.
 */
@SpringBootTest(
    classes = WebFluxSecurityEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "spring.main.web-application-type=reactive",
      "collapse.executor.webflux.collapse-groups[0].uris=/me"
    })
@Timeout(60)
final class WebFluxSecurityEndToEndTest {

  private static final int N = 50;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  @LocalServerPort private int port;

  @Autowired private WebFilterArrivals joined;

  private HttpResponse<String> get(String user) throws Exception {
    String basic =
        Base64.getEncoder()
            .encodeToString((user + ":" + user + "-password").getBytes(StandardCharsets.UTF_8));
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/me"))
            .header("Authorization", "Basic " + basic)
            .timeout(Duration.ofSeconds(20))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void identicalRequestsOfOneUserCollapseAndTwoUsersNeverShare() throws Exception {
    joined.expect(N);
    List<HttpResponse<String>> alices = Concurrently.run(N, () -> get("alice"));

    int runs = joined.runs();
    assertThat(runs).isBetween(1, 5);
    assertThat(alices)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.body()).isEqualTo("alice");
              assertThat(response.headers().allValues("X-Content-Type-Options"))
                  .containsExactly("nosniff");
              assertThat(response.headers().allValues("Cache-Control")).hasSize(1);
            });

    joined.expect(N);
    AtomicInteger next = new AtomicInteger();
    List<String[]> answers =
        Concurrently.run(
            N,
            () -> {
              String user = next.getAndIncrement() % 2 == 0 ? "alice" : "bob";
              return new String[] {user, get(user).body()};
            });

    assertThat(answers).allSatisfy(answer -> assertThat(answer[1]).isEqualTo(answer[0]));
    assertThat(joined.runs() - runs).isBetween(2, 10);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(JoinedCounting.class)
  @EnableWebFluxSecurity
  static class App {

    @Bean
    RouterFunction<ServerResponse> me(WebFilterArrivals joined) {
      return RouterFunctions.route()
          .GET(
              "/me",
              request ->
                  joined
                      .run()
                      .then(request.principal().map(Principal::getName))
                      .flatMap(name -> ServerResponse.ok().bodyValue(name)))
          .build();
    }

    @Bean
    SecurityWebFilterChain security(ServerHttpSecurity http) {
      return http.authorizeExchange(exchanges -> exchanges.anyExchange().authenticated())
          .httpBasic(Customizer.withDefaults())
          .build();
    }

    @Bean
    MapReactiveUserDetailsService users() {
      return new MapReactiveUserDetailsService(
          User.withUsername("alice").password("{noop}alice-password").roles("USER").build(),
          User.withUsername("bob").password("{noop}bob-password").roles("USER").build());
    }
  }
}
