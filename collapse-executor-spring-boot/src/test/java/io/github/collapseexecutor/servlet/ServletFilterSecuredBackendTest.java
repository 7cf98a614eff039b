package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.SecuredBackend;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The servlet filter behind Spring Security's filter chain, in a Spring Boot service with its
 * default headers: identical requests with the same credentials run the handler about once and
 * each gets Spring Security's headers once, and the request id a filter before Spring Security
 * set on its own response; responses that set a cookie are never replayed. Spring Security writes
 * its headers when the response is committed by default, and before the chain when told to write
 * them eagerly: both are tried. The request that runs the handler for the others is held until
 * every request of the round has arrived ({@link HeldLeader}).
 */
final class ServletFilterSecuredBackendTest {

  private static final int N = 50;

  private static SecuredBackend backend;
  private static SecuredBackend eagerHeadersBackend;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  @BeforeAll
  static void start() {
    backend =
        SecuredBackend.start(
            "--collapse.executor.servlet.collapse-groups[0].uris=/secured/*,/cookie/*",
            "--secured-backend.request-id=true",
            HeldLeader.SOURCE);
    eagerHeadersBackend =
        SecuredBackend.start(
            "--collapse.executor.servlet.collapse-groups[0].uris=/secured/*",
            "--secured-backend.request-id=true",
            "--secured-backend.eager-headers=true",
            HeldLeader.SOURCE);
  }

  @AfterAll
  static void stop() {
    backend.close();
    eagerHeadersBackend.close();
  }

  static Stream<SecuredBackend> backends() {
    return Stream.of(backend, eagerHeadersBackend);
  }

  @Test
  @Timeout(60)
  void identicalRequestsWithTheSameCredentialsRunTheHandlerAboutOnce() throws Exception {
    HeldLeader.expect(N);
    List<HttpResponse<String>> responses =
        Concurrently.run(N, () -> get(backend, "/secured/servlet", "Bearer alice", 0));

    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.body()).isEqualTo("item servlet for Bearer alice");
              assertThat(response.headers().allValues("Cache-Control"))
                  .containsExactly("no-cache, no-store, max-age=0, must-revalidate");
              assertThat(response.headers().allValues("X-Content-Type-Options"))
                  .containsExactly("nosniff");
            });
    assertThat(backend.calls("/secured/servlet")).isBetween(1, 5);
  }

  @ParameterizedTest
  @MethodSource("backends")
  @Timeout(60)
  void everyCallerKeepsTheHeadersOfTheFiltersBeforeItOnce(SecuredBackend server) throws Exception {
    AtomicInteger callers = new AtomicInteger();
    HeldLeader.expect(20);
    List<List<Object>> callerAndResponse =
        Concurrently.run(
            20,
            () -> {
              int caller = callers.incrementAndGet();
              return List.of(caller, get(server, "/secured/outer", "Bearer bob", caller));
            });

    assertThat(callerAndResponse)
        .allSatisfy(
            pair -> {
              @SuppressWarnings("unchecked")
              HttpHeaders headers = ((HttpResponse<String>) pair.get(1)).headers();
              assertThat(((HttpResponse<?>) pair.get(1)).body())
                  .isEqualTo("item outer for Bearer bob");
              assertThat(headers.allValues("X-Request-Id"))
                  .containsExactly("request-" + pair.get(0));
              assertThat(headers.allValues("Cache-Control"))
                  .containsExactly("no-cache, no-store, max-age=0, must-revalidate");
              assertThat(headers.allValues("X-Content-Type-Options")).containsExactly("nosniff");
              assertThat(headers.allValues("X-Frame-Options")).containsExactly("DENY");
              assertThat(headers.allValues("Pragma")).containsExactly("no-cache");
              assertThat(headers.allValues("Expires")).containsExactly("0");
            });
    assertThat(server.calls("/secured/outer")).isBetween(1, 5);
  }

  @Test
  @Timeout(60)
  void responsesThatSetACookieAreNeverReplayed() throws Exception {
    List<String> cookies = new ArrayList<>();
    for (int round = 0; round < 2; round++) {
      HeldLeader.expect(N);
      Concurrently.run(N, () -> get(backend, "/cookie/servlet", "Bearer alice", 0))
          .forEach(
              response -> cookies.add(response.headers().firstValue("Set-Cookie").orElse(null)));
    }

    assertThat(cookies).hasSize(2 * N).doesNotContainNull().doesNotHaveDuplicates();
    assertThat(backend.calls("/cookie/servlet")).isEqualTo(2 * N);
  }

  private HttpResponse<String> get(
      SecuredBackend server, String path, String authorization, int caller) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
            .header("Authorization", authorization)
            .header("X-Caller", Integer.toString(caller))
            .timeout(Duration.ofSeconds(20))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Added to each backend's application ({@code spring.main.sources}): a filter before the
   * collapse filter counts the requests of a round as they arrive, and a filter after it, which
   * only a request that runs the chain reaches, holds that request until every request of the
   * round has arrived (at most 10 s), so that the others find its call in progress however slowly
   * a busy machine starts them. The endpoint's own latency is no such guarantee: on a loaded
   * machine the requests of a round take longer than that to arrive.
   */
  @Configuration(proxyBeanMethods = false)
  static class HeldLeader {

    static final String SOURCE = "--spring.main.sources=" + HeldLeader.class.getName();

    private static volatile CountDownLatch arrivals = new CountDownLatch(0);

    /** Expects {@code requests} requests in the next round. */
    static void expect(int requests) {
      arrivals = new CountDownLatch(requests);
    }

    /** After Spring Security's chain, before the collapse filter, which runs last. */
    @Bean
    FilterRegistrationBean<Filter> arrivalsFilter() {
      FilterRegistrationBean<Filter> registration =
          new FilterRegistrationBean<>(
              (request, response, chain) -> {
                arrivals.countDown();
                chain.doFilter(request, response);
              });
      registration.setOrder(0);
      return registration;
    }

    /** A plain filter bean without an order, which Spring Boot puts after the collapse filter. */
    @Bean
    Filter holdUntilEveryRequestArrived() {
      return (request, response, chain) -> {
        if (request.getDispatcherType() == DispatcherType.REQUEST) {
          try {
            arrivals.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        chain.doFilter(request, response);
      };
    }
  }
}
