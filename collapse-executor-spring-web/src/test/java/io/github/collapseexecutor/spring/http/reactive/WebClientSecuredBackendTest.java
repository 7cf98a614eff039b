package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;
import java.time.Duration;
import org.springframework.web.reactive.function.client.WebClient;

/** A collapsing {@code WebClient} against a Spring Boot service with Spring Security. */
final class WebClientSecuredBackendTest extends SecuredBackendContract {

  private CollapseExchangeFilterFunction filter;
  private WebClient client;

  @Override
  protected void createClient(String baseUrl, HttpCollapseOptions options) {
    filter = new CollapseExchangeFilterFunction(options);
    client = WebClient.builder().baseUrl(baseUrl).filter(filter).build();
  }

  @Override
  protected void closeClient() {
    filter.close();
  }

  @Override
  protected Reply get(String path, String authorization) {
    return client.get().uri(path).header("Authorization", authorization)
        .exchangeToMono(response -> response.bodyToMono(String.class).defaultIfEmpty("")
            .map(body -> new Reply(response.statusCode().value(), body,
                response.headers().asHttpHeaders().getFirst("Set-Cookie"))))
        .block(Duration.ofSeconds(20));
  }

  @Override
  protected HttpCollapseStats stats() {
    return filter.stats();
  }
}
