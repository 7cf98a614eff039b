package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.SpringClientFaultsContract;
import java.time.Duration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;

/**
 * Every subscriber of a collapsing {@code WebClient} fails as the plain client does, over Reactor
 * Netty with a response timeout.
 */
final class WebClientFaultsTest extends SpringClientFaultsContract {

  private CollapseExchangeFilterFunction filter;
  private WebClient plain;
  private WebClient collapsing;

  @Override
  protected void createClients(HttpCollapseOptions options) {
    filter = new CollapseExchangeFilterFunction(options);
    plain = WebClient.builder().clientConnector(new ReactorClientHttpConnector(
        HttpClient.create().responseTimeout(READ_TIMEOUT))).build();
    collapsing = plain.mutate().filter(filter).build();
  }

  @Override
  protected String response(boolean collapse, String url) {
    WebClient client = collapse ? collapsing : plain;
    return response(client.get().uri(url).retrieve().toEntity(String.class)
        .block(Duration.ofSeconds(20)));
  }

  @Override
  protected void closeClients() {
    filter.close();
  }
}
