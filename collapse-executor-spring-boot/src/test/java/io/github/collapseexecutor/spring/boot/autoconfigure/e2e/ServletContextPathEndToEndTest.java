package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * An application served under a context path ({@code server.servlet.context-path}) keeps the
 * groups it would write without one: {@code /user/*} collapses {@code /shop/user/1}, as Spring
 * MVC's own mappings match the path within the application.
 */
@SpringBootTest(
    classes = ServletContextPathEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "server.servlet.context-path=/shop")
@ActiveProfiles("sections")
final class ServletContextPathEndToEndTest {

  private static final int N = 8;

  @LocalServerPort private int port;

  @Autowired private ServerGate gate;

  @Test
  void aGroupMatchesThePathWithinTheContextPath() throws Exception {
    gate.expect(N);

    List<HttpResponse<String>> responses = Concurrently.run(N, () -> get("/shop/user/1"));

    assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(responses).extracting(HttpResponse::body).containsOnly("item 1");
    assertThat(gate.handled()).isBetween(1, N - 1);
  }

  @Test
  void aPathOutsideEveryGroupStillRunsTheHandlerEachTime() throws Exception {
    gate.expect(N);

    List<HttpResponse<String>> responses = Concurrently.run(N, () -> get("/shop/orders/9"));

    assertThat(responses).extracting(HttpResponse::body).containsOnly("item 9");
    assertThat(gate.handled()).isEqualTo(N);
  }

  private HttpResponse<String> get(String path) throws Exception {
    return LoopbackGet.get(port, path);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(GatedApp.class)
  static class App {}
}
