package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientWaitTimeoutContract;
import org.junit.jupiter.api.AfterEach;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/** The wait timeout of the RestClient and RestTemplate interceptor. */
final class CollapseHttpRequestInterceptorWaitTimeoutTest extends ClientWaitTimeoutContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    interceptor = new CollapseHttpRequestInterceptor(options);
    client = RestClient.builder()
        .requestFactory(new JdkClientHttpRequestFactory())
        .baseUrl(backend.baseUrl())
        .requestInterceptor(interceptor)
        .build();
  }

  @AfterEach
  void closeInterceptor() {
    interceptor.close();
  }

  @Override
  protected String get(String path) {
    return client.get().uri(path).retrieve().body(String.class);
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }
}
