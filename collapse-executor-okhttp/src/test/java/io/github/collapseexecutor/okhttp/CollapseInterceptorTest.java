package io.github.collapseexecutor.okhttp;

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
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class CollapseInterceptorTest {

  private static final int N = 16;
  private static final int DELAY_MS = 400;

  private final CountingBackend backend = new CountingBackend();
  private WireMockServer server;
  private CollapseInterceptor interceptor;
  private OkHttpClient client;

  @BeforeEach
  void start() {
    server = backend.start();
    interceptor =
        new CollapseInterceptor(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/user/**", "/big", "/reset"))
                .maxBodyBytes(64)
                .build());
    client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
  }

  @AfterEach
  void stop() {
    backend.stop();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }

  private String call(String path, String authorization) throws IOException {
    Request.Builder request = new Request.Builder().url(server.baseUrl() + path);
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    try (Response response = client.newCall(request.build()).execute()) {
      return response.code() + " " + response.header("X-Multi") + " " + response.body().string();
    }
  }

  private void stub(String path, int status, String body) {
    server.stubFor(
        get(urlPathEqualTo(path))
            .willReturn(
                aResponse()
                    .withStatus(status)
                    .withHeader("X-Multi", "a")
                    .withBody(body)
                    .withFixedDelay(DELAY_MS)));
  }

  private int backendCalls(String path) {
    return backend.gets(path);
  }

  @Test
  void concurrentIdenticalGetsMakeFewerCallsAndEachCallerGetsTheWholeResponse() throws Exception {
    stub("/user/1", 200, "profile");

    List<String> results = Concurrently.run(N, () -> call("/user/1", null));

    assertThat(results).containsOnly("200 a profile");
    assertThat(backendCalls("/user/1")).isLessThan(N);
    assertThat(interceptor.stats().led() + interceptor.stats().replayed()).isEqualTo(N);
  }

  @Test
  void differentCredentialsNeverShareAResponse() throws Exception {
    server.stubFor(
        get(urlPathEqualTo("/user/me"))
            .willReturn(
                aResponse()
                    .withTransformers("response-template")
                    .withBody("{{request.headers.Authorization}}")
                    .withFixedDelay(DELAY_MS)));
    AtomicInteger next = new AtomicInteger();

    List<List<String>> expectedAndActual =
        Concurrently.run(
            N,
            () -> {
              String user = "user-" + next.getAndIncrement() % 3;
              return List.of("200 null " + user, call("/user/me", user));
            });

    assertThat(expectedAndActual)
        .allSatisfy(pair -> assertThat(pair.get(1)).isEqualTo(pair.get(0)));
    assertThat(backendCalls("/user/me")).isGreaterThanOrEqualTo(3);
  }

  @Test
  void postIsNeverCollapsed() throws Exception {
    server.stubFor(
        post(urlPathEqualTo("/user/1"))
            .willReturn(aResponse().withBody("ok").withFixedDelay(DELAY_MS)));

    Concurrently.run(
        N,
        () -> {
          Request request =
              new Request.Builder()
                  .url(server.baseUrl() + "/user/1")
                  .post(RequestBody.create("{}", MediaType.get("application/json")))
                  .build();
          try (Response response = client.newCall(request).execute()) {
            return response.body().string();
          }
        });

    assertThat(backend.calls("POST", "/user/1")).isEqualTo(N);
  }

  @Test
  void serverErrorsAreSharedAsTheyAre() throws Exception {
    stub("/user/error", 500, "boom");

    List<String> results = Concurrently.run(N, () -> call("/user/error", null));

    assertThat(results).containsOnly("500 a boom");
    assertThat(backendCalls("/user/error")).isLessThan(N);
  }

  @Test
  void aBodyOverTheLimitIsNotSharedAndEveryCallerMakesItsOwnCall() throws Exception {
    String big = "y".repeat(5000);
    stub("/big", 200, big);

    List<String> results = Concurrently.run(N, () -> call("/big", null));

    assertThat(results).containsOnly("200 a " + big);
    assertThat(backendCalls("/big")).isEqualTo(N);
  }

  @Test
  void aConnectionResetReachesEveryCallerAsAnIoException() throws Exception {
    server.stubFor(
        get(urlPathEqualTo("/reset"))
            .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

    List<Object> outcomes =
        Concurrently.run(
            N,
            () -> {
              try {
                return call("/reset", null);
              } catch (IOException e) {
                return e;
              }
            });

    assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome).isInstanceOf(IOException.class));
  }

  @Test
  void eachCallerClosesItsOwnResponseWithoutTouchingTheOthers() throws Exception {
    stub("/user/2", 200, "0123456789");

    List<String> results =
        Concurrently.run(
            N,
            () -> {
              Response response =
                  client
                      .newCall(new Request.Builder().url(server.baseUrl() + "/user/2").build())
                      .execute();
              String first =
                  new String(
                      response.body().byteStream().readNBytes(3),
                      java.nio.charset.StandardCharsets.UTF_8);
              response.close();
              return first;
            });

    assertThat(results).containsOnly("012");
    assertThat(call("/user/2", null)).isEqualTo("200 a 0123456789");
  }
}
