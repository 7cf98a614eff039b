package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * An application that exposes every actuator endpoint over HTTP, as many do, and grants the
 * {@code collapse} endpoint no access beyond its default: anyone may read it, and no one may
 * switch collapsing off through it. {@code CollapseSwitchEndToEndTest} grants the access and
 * switches.
 */
@SpringBootTest(
    classes = CollapseEndpointAccessEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=*",
      "collapse.executor.executors.users.max-batch-size=50"
    })
@ActiveProfiles("sections")
@Timeout(60)
final class CollapseEndpointAccessEndToEndTest {

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  @LocalServerPort private int port;

  @Autowired private CollapseEndpoint endpoint;

  @Test
  void anExposedEndpointIsReadOnlyByDefault() throws Exception {
    HttpResponse<String> read = send(HttpRequest.newBuilder(uri("/actuator/collapse")).GET());

    assertThat(read.statusCode()).isEqualTo(200);
    assertThat(read.body()).contains("\"servlet\"");
  }

  @Test
  void oneExecutorOfAnyKindIsReadByItsNameAndAnUnknownNameIsNotFound() throws Exception {
    HttpResponse<String> named =
        send(HttpRequest.newBuilder(uri("/actuator/collapse/users")).GET());
    HttpResponse<String> filter =
        send(HttpRequest.newBuilder(uri("/actuator/collapse/servlet")).GET());
    HttpResponse<String> interceptor =
        send(HttpRequest.newBuilder(uri("/actuator/collapse/grpc")).GET());
    HttpResponse<String> unknown =
        send(HttpRequest.newBuilder(uri("/actuator/collapse/nothing")).GET());

    assertThat(named.statusCode()).as(named.body()).isEqualTo(200);
    assertThat(named.body()).contains("\"name\":\"users\"", "\"maxBatchSize\":50");
    assertThat(filter.statusCode()).as(filter.body()).isEqualTo(200);
    assertThat(filter.body()).contains("\"integration\":\"servlet\"", "\"groups\":[");
    assertThat(interceptor.statusCode()).as(interceptor.body()).isEqualTo(200);
    assertThat(interceptor.body())
        .startsWith("{\"name\":\"grpc\",\"collapsing\":true,\"counts\":{");
    assertThat(unknown.statusCode()).isEqualTo(404);
  }

  @Test
  void theSwitchIsRefusedUnlessTheApplicationGrantsWriteAccess() throws Exception {
    HttpResponse<String> switchOff =
        send(
            HttpRequest.newBuilder(uri("/actuator/collapse/servlet"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"collapsing\": false}")));

    // Spring Boot maps only the read operations of a read-only endpoint: the path answers GET
    assertThat(switchOff.statusCode()).as(switchOff.body()).isEqualTo(405);
    assertThat(endpoint.collapse().collapsingOff()).isEmpty();
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return http.send(
        request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(GatedApp.class)
  static class App {}
}
