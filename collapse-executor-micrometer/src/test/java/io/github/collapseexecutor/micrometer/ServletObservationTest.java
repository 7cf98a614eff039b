package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * The servlet filter tells the server's own {@code http.server.requests} observation, opened by
 * Spring's {@link ServerHttpObservationFilter} before it, what each request did.
 */
final class ServletObservationTest {

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private final HttpClient http = HttpClient.newHttpClient();
  private LoopbackTomcat tomcat;

  @BeforeEach
  void start() throws Exception {
    tomcat =
        LoopbackTomcat.start(
            new HttpServlet() {
              @Override
              protected void service(HttpServletRequest request, HttpServletResponse response)
                  throws IOException {
                if (request.getRequestURI().endsWith("/cookie")) {
                  response.addHeader("Set-Cookie", "session=1");
                }
                response.getWriter().write("answer");
              }
            },
            new ServerHttpObservationFilter(registry),
            new CollapseServletFilter(
                HttpCollapseOptions.builder()
                    .name("server")
                    .group(CollapseGroup.ofUris("/user/*"))
                    .observations(CollapseObservations.of(registry))
                    .build()));
  }

  @AfterEach
  void stop() throws Exception {
    tomcat.close();
  }

  @Test
  void aRequestThatMadeTheCallSaysItLedOnTheServersObservation() throws Exception {
    send("GET", "/user/1");

    assertThat(serverKeys("collapse.outcome")).containsExactly("led");
    TestObservationRegistryAssert.assertThat(registry)
        .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
        .that()
        .hasLowCardinalityKeyValue("executor", "server")
        .hasHighCardinalityKeyValue("collapse.batch.size", "1")
        .hasParentObservationContextMatching(
            parent -> parent.getName().equals("http.server.requests"));
  }

  @Test
  void requestsThatNoGroupTakesAreLeftAlone() throws Exception {
    send("POST", "/user/1");
    send("GET", "/actuator/health");
    send("GET", "/other/1");

    assertThat(serverRequests()).isEqualTo(3);
    assertThat(serverKeys("collapse.outcome")).isEmpty();
    assertThat(serverKeys("collapse.reason")).isEmpty();
    TestObservationRegistryAssert.assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 0);
  }

  @Test
  void aRequestOfAGroupThatDoesNotCollapseStillSaysWhy() throws Exception {
    send("GET", "/user/cookie");
    send("GET", "/user/cookie");

    assertThat(serverKeys("collapse.outcome")).containsExactly("led", "not-collapsed");
    assertThat(serverKeys("collapse.reason")).containsExactly("set-cookie", "hit-for-pass");
  }

  private void send(String method, String path) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.body()).isEqualTo("answer");
  }

  private long serverRequests() {
    return serverContexts().size();
  }

  private List<String> serverKeys(String key) {
    return serverContexts().stream()
        .map(context -> context.getHighCardinalityKeyValue(key))
        .filter(value -> value != null)
        .map(KeyValue::getValue)
        .toList();
  }

  private List<Observation.Context> serverContexts() {
    List<Observation.Context> requests = new ArrayList<>();
    TestObservationRegistryAssert.assertThat(registry)
        .hasHandledContextsThatSatisfy(
            contexts ->
                contexts.stream()
                    .filter(context -> "http.server.requests".equals(context.getName()))
                    .forEach(requests::add));
    return requests;
  }
}
