package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The Java snippets of docs/http.md, as written there (DocSnippetsTest holds them to the page),
 * compiled and run; the OkHttp one against a server on loopback.
 */
@Timeout(60)
final class HttpDocExamplesTest {

  @Test
  void optionsAndRestClient() {
    // docs/http.md: options
    // spotless:off: the docs show this code as written here
    HttpCollapseOptions options = HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/user/*", "/test/noop*"))
        .group(CollapseGroup.ofUris("p1", List.of("/samples/*")))
        .policy("p1", CollapsePolicy.of(List.of("authorization"), List.of("sample")))
        .build();

    RestClient client = RestClient.builder()
        .requestInterceptor(new CollapseHttpRequestInterceptor(options))
        .build();
    // spotless:on

    assertThat(options.groups()).hasSize(2);
    client.mutate().requestInterceptors(interceptors -> assertThat(interceptors).hasSize(1));
  }

  @Test
  void okHttpWithoutSpring() throws Exception {
    List<String> served = new CopyOnWriteArrayList<>();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          served.add(exchange.getRequestURI().getPath());
          byte[] body = "user 42".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    try {
      String baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();

      // docs/http.md: OkHttp without Spring
      // spotless:off: the docs show this code as written here
      CollapseInterceptor collapse = new CollapseInterceptor(HttpCollapseOptions.builder()
          .group(CollapseGroup.ofUris("/users/*"))
          .build());
      OkHttpClient users = new OkHttpClient.Builder().addInterceptor(collapse).build();

      Request request = new Request.Builder().url(baseUrl + "/users/42").build();
      try (Response response = users.newCall(request).execute()) {
        String user = response.body().string();
      }
      collapse.close(); // when done: calls in progress finish, later requests pass through
      // spotless:on

      assertThat(served).containsExactly("/users/42");
      assertThat(collapse.stats().led()).isEqualTo(1);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void aPartitionPerClientWithItsOwnCertificate() {
    CollapseHttpRequestInterceptor collapse =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    RestClient.Builder builder = RestClient.builder();
    ClientHttpRequestFactory aliceCertificate = new SimpleClientHttpRequestFactory();

    // docs/http.md: What each adapter sees
    // spotless:off: the docs show this code as written here
    RestClient alice = builder.requestFactory(aliceCertificate)
        .requestInterceptor(collapse.partition()).build();
    // spotless:on

    alice
        .mutate()
        .requestInterceptors(
            interceptors ->
                assertThat(interceptors)
                    .singleElement()
                    .isNotSameAs(collapse)
                    .isInstanceOf(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void aFilterBeforeALoadBalancer() {
    CollapseExchangeFilterFunction collapse =
        new CollapseExchangeFilterFunction(HttpCollapseOptions.builder().build());
    ExchangeFilterFunction loadBalancerFilter = (request, next) -> next.exchange(request);

    // docs/http.md: What each adapter sees, load balancers
    WebClient users =
        WebClient.builder()
            .filter(collapse.beforeLoadBalancer())
            .filter(loadBalancerFilter) // Spring Cloud's, picks the instance
            .build();

    users
        .mutate()
        .filters(
            filters ->
                assertThat(filters)
                    .hasSize(2)
                    .first()
                    .satisfies(
                        first ->
                            assertThat(((CollapseExchangeFilterFunction) first).stats())
                                .isSameAs(collapse.stats())));
  }

  @Test
  void servletFilterWithAKeyPart() {
    HttpCollapseOptions options =
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/user/*")).build();

    // docs/http.md: a key part of the servlet filter
    // spotless:off: the docs show this code as written here
    new CollapseServletFilter(options, request -> request.getHeader("X-Api-Version"));
    // spotless:on
  }
}
