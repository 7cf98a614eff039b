package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.spring.http.ClientVaryContract;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import java.time.Duration;
import org.springframework.web.reactive.function.client.WebClient;

/** {@code Vary} through the WebClient filter function. */
final class CollapseExchangeFilterFunctionVaryTest extends ClientVaryContract {

  private WebClient client;

  @Override
  protected Adapter createClient(HttpCollapseOptions options, String baseUrl) {
    CollapseExchangeFilterFunction filter = new CollapseExchangeFilterFunction(options);
    client = WebClient.builder().baseUrl(baseUrl).filter(filter).build();
    return new Adapter(filter.stats(), filter);
  }

  @Override
  protected String get(String path, String header, String value) {
    return client.get().uri(path).header(header, value).retrieve().bodyToMono(String.class)
        .block(Duration.ofSeconds(20));
  }
}
