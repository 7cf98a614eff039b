package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import java.time.Duration;
import java.util.function.Consumer;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Server-sent events reach each subscriber of a collapsing {@code WebClient} as they arrive,
 * decoded by WebClient's own event-stream reader.
 */
final class WebClientStreamsTest extends ClientStreamsContract {

  private CollapseExchangeFilterFunction filter;
  private WebClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    filter = new CollapseExchangeFilterFunction(options);
    client = WebClient.builder().filter(filter).build();
  }

  @Override
  protected void readEvents(String url, Consumer<String> onEvent) {
    client.get().uri(url).retrieve().bodyToFlux(String.class).doOnNext(onEvent)
        .blockLast(Duration.ofSeconds(20));
  }

  @Override
  protected HttpCollapseStats stats() {
    return filter.stats();
  }

  @Override
  protected void closeClient() {
    filter.close();
  }
}
