package io.github.collapseexecutor.spring.http.client;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.CountingBackend;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

final class CollapseHttpRequestInterceptorTest {

  private static final int N = 16;
  private static final int DELAY_MS = 400;

  private final CountingBackend backend = new CountingBackend();
  private WireMockServer server;
  private CollapseHttpRequestInterceptor interceptor;
  private RestClient client;

  @BeforeEach
  void start() {
    server = backend.start();
    interceptor =
        new CollapseHttpRequestInterceptor(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/user/*", "/big", "/cookie", "/error", "/reset"))
                .maxBodyBytes(64)
                .build());
    client =
        RestClient.builder()
            .requestFactory(new JdkClientHttpRequestFactory())
            .baseUrl(server.baseUrl())
            .requestInterceptor(interceptor)
            .build();
  }

  @AfterEach
  void stop() {
    backend.stop();
  }

  private void stub(String path, int status, String body) {
    server.stubFor(
        get(urlPathEqualTo(path))
            .willReturn(
                aResponse()
                    .withStatus(status)
                    .withHeader("Content-Type", "text/plain")
                    .withHeader("X-Multi", "a", "b")
                    .withBody(body)
                    .withFixedDelay(DELAY_MS)));
  }

  private int backendCalls(String path) {
    return backend.gets(path);
  }

  @Test
  void concurrentIdenticalGetsMakeFewerCallsAndEachCallerGetsTheWholeResponse() throws Exception {
    stub("/user/1", 200, "profile of 1");

    List<ResponseEntity<String>> responses =
        Concurrently.run(N, () -> client.get().uri("/user/1").retrieve().toEntity(String.class));

    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.getStatusCode().value()).isEqualTo(200);
              assertThat(response.getBody()).isEqualTo("profile of 1");
              assertThat(response.getHeaders().get("X-Multi")).containsExactly("a", "b");
            });
    assertThat(backendCalls("/user/1")).isLessThan(N);
    assertThat(interceptor.stats().replayed()).isPositive();
    assertThat(interceptor.stats().led() + interceptor.stats().replayed()).isEqualTo(N);
  }

  @Test
  void differentQueriesAndCredentialsMakeSeparateCallsAndNeverShare() throws Exception {
    server.stubFor(
        get(urlPathEqualTo("/user/me"))
            .willReturn(
                aResponse()
                    .withTransformers("response-template")
                    .withBody("{{request.query.v}} {{request.headers.Authorization}}")
                    .withFixedDelay(DELAY_MS)));
    AtomicInteger next = new AtomicInteger();

    List<List<String>> expectedAndActual =
        Concurrently.run(
            N,
            () -> {
              int i = next.getAndIncrement();
              String body =
                  client
                      .get()
                      .uri("/user/me?v=" + (i % 2))
                      .header("Authorization", "user-" + (i % 4))
                      .retrieve()
                      .body(String.class);
              return List.of((i % 2) + " user-" + (i % 4), body);
            });

    assertThat(expectedAndActual)
        .allSatisfy(pair -> assertThat(pair.get(1)).isEqualTo(pair.get(0)));
    assertThat(backendCalls("/user/me")).isGreaterThanOrEqualTo(4);
  }

  @Test
  void differentHostsAndPortsMakeSeparateCalls() throws Exception {
    CountingBackend otherBackend = new CountingBackend();
    WireMockServer other = otherBackend.start();
    try {
      stub("/user/1", 200, "first");
      other.stubFor(
          get(urlPathEqualTo("/user/1"))
              .willReturn(aResponse().withBody("second").withFixedDelay(DELAY_MS)));
      AtomicInteger next = new AtomicInteger();
      String[] bases = {
        "http://127.0.0.1:" + server.port(), "http://localhost:" + server.port(), other.baseUrl()
      };

      List<List<String>> expectedAndActual =
          Concurrently.run(
              6,
              () -> {
                int i = next.getAndIncrement();
                String body =
                    client.get().uri(bases[i % 3] + "/user/1").retrieve().body(String.class);
                return List.of(i % 3 == 2 ? "second" : "first", body);
              });

      assertThat(expectedAndActual)
          .allSatisfy(pair -> assertThat(pair.get(1)).isEqualTo(pair.get(0)));
      assertThat(backendCalls("/user/1")).isGreaterThanOrEqualTo(2);
      assertThat(otherBackend.gets("/user/1")).isPositive();
    } finally {
      otherBackend.stop();
    }
  }

  @Test
  void postIsNeverCollapsed() throws Exception {
    server.stubFor(
        post(urlPathEqualTo("/user/1"))
            .willReturn(aResponse().withBody("ok").withFixedDelay(DELAY_MS)));

    Concurrently.run(N, () -> client.post().uri("/user/1").retrieve().body(String.class));

    assertThat(backend.calls("POST", "/user/1")).isEqualTo(N);
    assertThat(interceptor.stats().passedThrough()).isEqualTo(N);
  }

  @Test
  void errorStatusesAreSharedAndEachCallerGetsItsOwnException() throws Exception {
    stub("/error", 503, "down");

    List<Throwable> failures =
        Concurrently.run(
            N,
            () -> {
              try {
                client.get().uri("/error").retrieve().body(String.class);
                return null;
              } catch (HttpServerErrorException e) {
                return e;
              }
            });

    assertThat(failures)
        .doesNotHaveDuplicates()
        .allSatisfy(
            failure -> {
              assertThat(failure).isInstanceOf(HttpServerErrorException.ServiceUnavailable.class);
              assertThat(((HttpServerErrorException) failure).getResponseBodyAsString())
                  .isEqualTo("down");
            });
    assertThat(backendCalls("/error")).isLessThan(N);
  }

  @Test
  void aBodyOverTheLimitIsNotSharedAndEveryCallerMakesItsOwnCall() throws Exception {
    String big = "x".repeat(1000);
    stub("/big", 200, big);

    List<String> bodies =
        Concurrently.run(N, () -> client.get().uri("/big").retrieve().body(String.class));

    assertThat(bodies).allSatisfy(body -> assertThat(body).isEqualTo(big));
    assertThat(backendCalls("/big")).isEqualTo(N);
    assertThat(interceptor.stats().replayed()).isZero();
  }

  @Test
  void aResponseThatSetsACookieIsNotShared() throws Exception {
    server.stubFor(
        get(urlPathEqualTo("/cookie"))
            .willReturn(
                aResponse()
                    .withHeader("Set-Cookie", "session=1")
                    .withBody("mine")
                    .withFixedDelay(DELAY_MS)));

    List<String> bodies =
        Concurrently.run(N, () -> client.get().uri("/cookie").retrieve().body(String.class));

    assertThat(bodies).containsOnly("mine");
    assertThat(backendCalls("/cookie")).isEqualTo(N);
  }

  @Test
  void aConnectionResetReachesEveryCallerAsTheClientWouldReportIt() throws Exception {
    server.stubFor(
        get(urlPathEqualTo("/reset"))
            .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

    List<Throwable> failures =
        Concurrently.run(
            N,
            () -> {
              try {
                client.get().uri("/reset").retrieve().body(String.class);
                return null;
              } catch (RuntimeException e) {
                return e;
              }
            });

    assertThat(failures)
        .allSatisfy(failure -> assertThat(failure).isInstanceOf(ResourceAccessException.class));
  }

  @Test
  void eachCallerReadsAndClosesItsOwnBody() throws Exception {
    stub("/user/2", 200, "0123456789");

    List<String> firstHalves =
        Concurrently.run(
            N,
            () ->
                client
                    .get()
                    .uri("/user/2")
                    .exchange(
                        (request, response) -> {
                          InputStream body = response.getBody();
                          String half = new String(body.readNBytes(5), StandardCharsets.UTF_8);
                          response.close();
                          return half;
                        },
                        /* close= */ false));

    assertThat(firstHalves).containsOnly("01234");
    assertThat(client.get().uri("/user/2").retrieve().body(String.class)).isEqualTo("0123456789");
  }

  @Test
  @SuppressWarnings("removal") // RestTemplate is deprecated for removal; it is still supported
  void worksOnRestTemplateToo() throws Exception {
    stub("/user/3", 200, "three");
    RestTemplate template = new RestTemplate(new JdkClientHttpRequestFactory());
    template.getInterceptors().add(interceptor);

    List<String> bodies =
        Concurrently.run(
            N, () -> template.getForObject(server.baseUrl() + "/user/3", String.class));

    assertThat(bodies).containsOnly("three");
    assertThat(backendCalls("/user/3")).isLessThan(N);
  }

  @Test
  void emptyAndNoContentResponsesAreSharedAsTheyAre() throws Exception {
    server.stubFor(
        get(urlPathEqualTo("/user/none"))
            .willReturn(aResponse().withStatus(204).withFixedDelay(DELAY_MS)));

    List<Integer> statuses =
        Concurrently.run(
            N,
            () ->
                client
                    .get()
                    .uri("/user/none")
                    .retrieve()
                    .toBodilessEntity()
                    .getStatusCode()
                    .value());

    assertThat(statuses).containsOnly(204);
  }
}
