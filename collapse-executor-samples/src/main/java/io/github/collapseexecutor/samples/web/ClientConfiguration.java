package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.batch.BlockingUserLoader;
import io.github.collapseexecutor.samples.batch.User;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.client.support.RestClientAdapter;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.service.invoker.HttpServiceProxyFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The four clients of the user API, each with and without collapse, wired the three ways the
 * auto-configuration offers (see {@code application-sample.yml}): RestClient gets the adapter by
 * hand; RestTemplate and WebClient from the builder customizers that
 * {@code customize-rest-template-builder} and {@code customize-web-client-builder} turn on; OkHttp
 * by bean name, from {@code okhttp.apply-to-beans}.
 */
@Configuration(proxyBeanMethods = false)
class ClientConfiguration {

  private static final String USER = "/user/{id}";

  /** RestClient: inject the interceptor and add it last. */
  @Bean
  ComparedClient restClientUsers(
      RestClient.Builder builder, CollapseHttpRequestInterceptor collapse, LocalServer server) {
    RestClient direct = builder.clone().build();
    RestClient collapsing = builder.requestInterceptor(collapse).build();
    return new ComparedClient(
        "RestClient", restClient(direct, server), restClient(collapsing, server));
  }

  /** RestTemplate: Spring Boot's builder already adds the interceptor through its customizer. */
  @Bean
  ComparedClient restTemplateUsers(RestTemplateBuilder builder, LocalServer server) {
    RestTemplate collapsing = builder.build();
    // the same builder without its customizers, hence without collapse
    RestTemplate direct = builder.customizers(List.of()).build();
    return new ComparedClient(
        "RestTemplate", restTemplate(direct, server), restTemplate(collapsing, server));
  }

  /** WebClient: Spring Boot's builder already adds the filter function through its customizer. */
  @Bean
  ComparedClient webClientUsers(WebClient.Builder builder, LocalServer server) {
    WebClient collapsing = builder.build();
    WebClient direct =
        builder
            .filters(filters -> filters.removeIf(CollapseExchangeFilterFunction.class::isInstance))
            .build();
    return new ComparedClient(
        "WebClient", webClient(direct, server), webClient(collapsing, server));
  }

  /** OkHttp: Spring Boot builds no OkHttpClient; this one is as it comes. */
  @Bean
  OkHttpClient directOkHttpClient() {
    return new OkHttpClient();
  }

  /**
   * The same client (sharing its connection pool), named in {@code okhttp.apply-to-beans}: the
   * auto-configuration replaces it with a copy that has the interceptor, without a line here.
   */
  @Bean
  OkHttpClient collapsingOkHttpClient(@Qualifier("directOkHttpClient") OkHttpClient direct) {
    return direct.newBuilder().build();
  }

  @Bean
  ComparedClient okHttpUsers(
      @Qualifier("directOkHttpClient") OkHttpClient direct,
      @Qualifier("collapsingOkHttpClient") OkHttpClient collapsing,
      JsonMapper json,
      LocalServer server) {
    return new ComparedClient(
        "OkHttp", okHttp(direct, json, server), okHttp(collapsing, json, server));
  }

  /**
   * An HTTP interface over a RestClient with the interceptor: the interface's calls go through
   * the client, so they collapse as the client's own do.
   */
  @Bean
  UserApi userApi(RestClient.Builder builder, CollapseHttpRequestInterceptor collapse) {
    RestClient collapsing = builder.requestInterceptor(collapse).build();
    return HttpServiceProxyFactory.builderFor(RestClientAdapter.create(collapsing))
        .build()
        .createClient(UserApi.class);
  }

  /** A RestClient without collapse, for the batch endpoint and the servlet filter's report. */
  @Bean
  RestClient plainRestClient(RestClient.Builder builder) {
    return builder.build();
  }

  /**
   * Batch collapse over HTTP: single {@code getUser(id)} calls made at the same moment become one
   * {@code GET /users?ids=...}.
   */
  @Bean
  BlockingUserLoader userLoader(RestClient plainRestClient, LocalServer server) {
    return new BlockingUserLoader(
        ids ->
            plainRestClient
                .get()
                .uri(
                    server.url(
                        "/users?ids="
                            + ids.stream().map(String::valueOf).collect(Collectors.joining(","))))
                .retrieve()
                .body(new ParameterizedTypeReference<List<User>>() {})
                .stream()
                .collect(Collectors.toMap(User::id, Function.identity())));
  }

  private static UserClient restClient(RestClient client, LocalServer server) {
    return id -> client.get().uri(server.url(USER), id).retrieve().body(User.class);
  }

  private static UserClient restTemplate(RestTemplate client, LocalServer server) {
    return id -> client.getForObject(server.url(USER), User.class, id);
  }

  private static UserClient webClient(WebClient client, LocalServer server) {
    return id -> client.get().uri(server.url(USER), id).retrieve().bodyToMono(User.class).block();
  }

  private static UserClient okHttp(OkHttpClient client, JsonMapper json, LocalServer server) {
    return id -> {
      Request request = new Request.Builder().url(server.url("/user/" + id)).build();
      try (Response response = client.newCall(request).execute()) {
        if (!response.isSuccessful()) {
          throw new IOException("GET /user/" + id + " answered " + response.code());
        }
        return json.readValue(response.body().string(), User.class);
      }
    };
  }
}
