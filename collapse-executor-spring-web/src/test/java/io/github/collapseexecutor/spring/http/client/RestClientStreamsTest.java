package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import java.util.function.Consumer;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/** Server-sent events reach each caller of a collapsing {@code RestClient} as they arrive. */
final class RestClientStreamsTest extends ClientStreamsContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    interceptor = new CollapseHttpRequestInterceptor(options);
    client = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
        .requestInterceptor(interceptor).build();
  }

  @Override
  protected void readEvents(String url, Consumer<String> onEvent) {
    client.get().uri(url).exchange((request, response) -> {
      readDataLines(response.getBody(), onEvent);
      return null;
    });
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }

  @Override
  protected void closeClient() {
    interceptor.close();
  }
}
