package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientWaitTimeoutContract;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.springframework.web.reactive.function.client.WebClient;

/** The wait timeout of the WebClient filter function. */
final class CollapseExchangeFilterFunctionWaitTimeoutTest extends ClientWaitTimeoutContract {

  private CollapseExchangeFilterFunction filter;
  private WebClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    filter = new CollapseExchangeFilterFunction(options);
    client = WebClient.builder().baseUrl(backend.baseUrl()).filter(filter).build();
  }

  @AfterEach
  void closeFilter() {
    filter.close();
  }

  @Override
  protected String get(String path) {
    return client.get().uri(path).retrieve().bodyToMono(String.class)
        .block(Duration.ofSeconds(10));
  }

  @Override
  protected HttpCollapseStats stats() {
    return filter.stats();
  }
}
