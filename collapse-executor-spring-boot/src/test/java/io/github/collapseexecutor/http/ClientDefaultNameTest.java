package io.github.collapseexecutor.http;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.http.CountingBackend;
import io.github.collapseexecutor.testing.http.ReportedNames;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * A client adapter built on options without a name reports its executor by the name the
 * auto-configuration gives it, not by a class name: in the reports of a shared call and of an
 * unshared request (a response that sets a cookie), which meters, recent events and the log show.
 */
@Timeout(30)
final class ClientDefaultNameTest {

  private final CountingBackend backend = new CountingBackend();
  private final ReportedNames reported = new ReportedNames();
  private WireMockServer server;

  @BeforeEach
  void start() {
    server = backend.start();
    server.stubFor(get(urlPathEqualTo("/named")).willReturn(aResponse().withBody("ok")));
    server.stubFor(
        get(urlPathEqualTo("/cookie"))
            .willReturn(aResponse().withHeader("Set-Cookie", "s=1").withBody("ok")));
  }

  @AfterEach
  void stop() {
    backend.stop();
  }

  @Test
  void restClientInterceptorIsNamedRestTemplate() throws Exception {
    try (CollapseHttpRequestInterceptor interceptor =
        new CollapseHttpRequestInterceptor(reported.unnamedOptions("/named", "/cookie"))) {
      RestClient client =
          RestClient.builder()
              .requestFactory(new JdkClientHttpRequestFactory())
              .baseUrl(server.baseUrl())
              .requestInterceptor(interceptor)
              .build();
      client.get().uri("/named").retrieve().body(String.class);
      client.get().uri("/cookie").retrieve().body(String.class);
    }

    assertReportedAs(
        CollapseHttpRequestInterceptor.DEFAULT_NAME,
        "rest-template",
        CollapseRestClientAutoConfiguration.INTEGRATION);
  }

  @Test
  void webClientFilterIsNamedWebClient() {
    try (CollapseExchangeFilterFunction filter =
        new CollapseExchangeFilterFunction(reported.unnamedOptions("/named", "/cookie"))) {
      WebClient client = WebClient.builder().baseUrl(server.baseUrl()).filter(filter).build();
      client.get().uri("/named").retrieve().bodyToMono(String.class).block(Duration.ofSeconds(10));
      client.get().uri("/cookie").retrieve().bodyToMono(String.class).block(Duration.ofSeconds(10));
    }

    assertReportedAs(
        CollapseExchangeFilterFunction.DEFAULT_NAME,
        "web-client",
        CollapseWebClientAutoConfiguration.INTEGRATION);
  }

  @Test
  void okHttpInterceptorIsNamedOkhttp() throws Exception {
    CollapseInterceptor interceptor =
        new CollapseInterceptor(reported.unnamedOptions("/named", "/cookie"));
    OkHttpClient client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
    try {
      for (String path : new String[] {"/named", "/cookie"}) {
        try (Response response =
            client.newCall(new Request.Builder().url(server.baseUrl() + path).build()).execute()) {
          response.body().string();
        }
      }
    } finally {
      interceptor.close();
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }

    assertReportedAs(
        CollapseInterceptor.DEFAULT_NAME, "okhttp", CollapseOkHttpAutoConfiguration.INTEGRATION);
  }

  private void assertReportedAs(String defaultName, String expected, String autoConfigured) {
    assertThat(defaultName).isEqualTo(expected).isEqualTo(autoConfigured);
    // a shared call, the unshared request's report, and its shared call
    assertThat(reported.names()).hasSize(3).containsOnly(expected);
  }
}
