package io.github.collapseexecutor.spring.http.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.http.Concurrently;
import io.github.collapseexecutor.spring.http.SecuredBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The servlet filter behind Spring Security's filter chain, in a Spring Boot service with its
 * default headers: identical requests with the same credentials run the handler about once and
 * each gets Spring Security's headers; responses that set a cookie are never replayed.
 */
final class ServletFilterSecuredBackendTest {

  private static final int N = 50;

  private static SecuredBackend backend;

  private final HttpClient http = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() {
    backend = SecuredBackend.start(
        "--collapse.executor.servlet.collapse-groups[0].uris=/secured/*,/cookie/*");
  }

  @AfterAll
  static void stop() {
    backend.close();
  }

  @Test
  @Timeout(60)
  void identicalRequestsWithTheSameCredentialsRunTheHandlerAboutOnce() throws Exception {
    List<HttpResponse<String>> responses =
        Concurrently.run(N, () -> get("/secured/servlet", "Bearer alice"));

    assertThat(responses).allSatisfy(response -> {
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("item servlet for Bearer alice");
      assertThat(response.headers().allValues("Cache-Control"))
          .containsExactly("no-cache, no-store, max-age=0, must-revalidate");
      assertThat(response.headers().allValues("X-Content-Type-Options"))
          .containsExactly("nosniff");
    });
    assertThat(backend.calls("/secured/servlet")).isBetween(1, 5);
  }

  @Test
  @Timeout(60)
  void responsesThatSetACookieAreNeverReplayed() throws Exception {
    List<String> cookies = new ArrayList<>();
    for (int round = 0; round < 2; round++) {
      Concurrently.run(N, () -> get("/cookie/servlet", "Bearer alice"))
          .forEach(response -> cookies.add(response.headers().firstValue("Set-Cookie")
              .orElse(null)));
    }

    assertThat(cookies).hasSize(2 * N).doesNotContainNull().doesNotHaveDuplicates();
    assertThat(backend.calls("/cookie/servlet")).isEqualTo(2 * N);
  }

  private HttpResponse<String> get(String path, String authorization) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(backend.baseUrl() + path))
        .header("Authorization", authorization).timeout(Duration.ofSeconds(20)).build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
