package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.testing.http.Concurrently;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.web.client.RestClient;

/**
 * The YAML with a section per adapter, its rest-template and servlet sections switched off (and
 * the RestClient customizer asked for): those integrations do nothing, so every identical
 * concurrent request reaches the handler and the backend.
 */
@SpringBootTest(
    classes = DisabledSectionsEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "collapse.executor.servlet.enabled=false",
      "collapse.executor.rest-template.enabled=false",
      "collapse.executor.rest-template.customize-rest-client-builder=true"
    })
@ActiveProfiles("sections")
final class DisabledSectionsEndToEndTest {

  private static final int N = 6;
  private static final GatedBackend backend = new GatedBackend();

  @LocalServerPort private int port;

  @Autowired private ServerGate gate;

  @Autowired private RestClient.Builder restClientBuilder;

  @Autowired private ApplicationContext context;

  @BeforeAll
  static void startBackend() {
    backend.start();
  }

  @AfterAll
  static void stopBackend() {
    backend.stop();
  }

  @Test
  void disabledServletSectionRegistersNoFilter() throws Exception {
    assertThat(context.containsBean("collapseServletFilterRegistration")).isFalse();
    gate.expect(N);
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/user/1"))
            .timeout(Duration.ofSeconds(20))
            .GET()
            .build();

    List<String> bodies =
        Concurrently.run(N, () -> http.send(request, HttpResponse.BodyHandlers.ofString()).body());

    assertThat(bodies).containsOnly("item 1");
    assertThat(gate.handled()).isEqualTo(N);
  }

  @Test
  void disabledRestTemplateSectionLeavesRestClientsAlone() throws Exception {
    // the interceptor bean is the pass-through one, and no client took it
    assertThat(context.getBean(CollapseExecutors.class).list())
        .noneMatch(executor -> executor.integration().equals("rest-template"));
    CountDownLatch arrivals = new CountDownLatch(N);
    backend.holdUntil(arrivals);
    ClientHttpRequestInterceptor counting =
        (request, body, execution) -> {
          arrivals.countDown();
          return execution.execute(request, body);
        };
    RestClient client =
        restClientBuilder
            .baseUrl(backend.baseUrl())
            .requestInterceptors(interceptors -> interceptors.add(0, counting))
            .build();

    Concurrently.run(N, () -> client.get().uri("/user/1").retrieve().body(String.class));

    assertThat(backend.calls("/user/1")).isEqualTo(N);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(GatedApp.class)
  static class App {}
}
