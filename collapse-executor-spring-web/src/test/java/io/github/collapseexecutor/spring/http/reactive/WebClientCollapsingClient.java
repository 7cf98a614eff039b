package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import java.time.Duration;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.client.WebClient;

/** A {@code WebClient} whose one filter is a {@link CollapseExchangeFilterFunction}. */
final class WebClientCollapsingClient implements CollapsingClient {

  private final CollapseExchangeFilterFunction filter;
  private final WebClient client;

  WebClientCollapsingClient(HttpCollapseOptions options, String baseUrl) {
    this.filter = new CollapseExchangeFilterFunction(options);
    this.client = WebClient.builder().baseUrl(baseUrl).filter(filter).build();
  }

  @Override
  public HttpCollapseStats stats() {
    return filter.stats();
  }

  @Override
  public String get(String path, String header, String value) {
    return client.get().uri(path).header(header, value).retrieve().bodyToMono(String.class)
        .block(Duration.ofSeconds(20));
  }

  @Override
  public String getWithBody(String path, String body) {
    return client.method(HttpMethod.GET).uri(path).bodyValue(body).retrieve()
        .bodyToMono(String.class).block(Duration.ofSeconds(20));
  }

  @Override
  public void close() {
    filter.close();
  }
}
