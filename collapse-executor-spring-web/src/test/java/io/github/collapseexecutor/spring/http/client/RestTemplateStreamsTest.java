package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

/**
 * Server-sent events reach each caller of a collapsing {@code RestTemplate} as they arrive, over
 * the JDK's {@code HttpURLConnection}, the request factory a plain RestTemplate uses.
 */
final class RestTemplateStreamsTest extends ClientStreamsContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestTemplate template;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    interceptor = new CollapseHttpRequestInterceptor(options);
    template = new RestTemplate(new SimpleClientHttpRequestFactory());
    template.setInterceptors(List.of(interceptor));
  }

  @Override
  protected void readEvents(String url, Consumer<String> onEvent) {
    template.execute(url, HttpMethod.GET, null, response -> {
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
