package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * A reactive application served under a base path ({@code spring.webflux.base-path}) keeps the
 * groups it would write without one: {@code /items/*} collapses {@code /shop/items/1}, as
 * WebFlux's own routes match the path within the application.
 */
@SpringBootTest(
    classes = WebFluxBasePathEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "spring.main.web-application-type=reactive",
      "spring.webflux.base-path=/shop",
      "collapse.executor.webflux.collapse-groups[0].uris=/items/*"
    })
@Timeout(60)
final class WebFluxBasePathEndToEndTest {

  private static final int N = 20;

  @LocalServerPort private int port;

  @Autowired private WebFilterArrivals joined;

  @Test
  void aGroupMatchesThePathWithinTheBasePath() throws Exception {
    joined.expect(N);

    List<HttpResponse<String>> responses = Concurrently.run(N, () -> get("/shop/items/1"));

    assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(responses).extracting(HttpResponse::body).containsOnly("item 1");
    assertThat(joined.runs()).isBetween(1, 5);
  }

  private HttpResponse<String> get(String path) throws Exception {
    return LoopbackGet.get(port, path);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(JoinedCounting.class)
  static class App {

    @Bean
    RouterFunction<ServerResponse> items(WebFilterArrivals joined) {
      return RouterFunctions.route()
          .GET(
              "/items/{id}",
              request ->
                  joined
                      .run()
                      .then(ServerResponse.ok().bodyValue("item " + request.pathVariable("id"))))
          .build();
    }
  }
}
