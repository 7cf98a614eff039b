package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.spring.http.ClientVaryContract;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * {@code Vary} through the interceptor on a RestClient (a RestTemplate goes through the same
 * interceptor and protocol).
 */
final class CollapseHttpRequestInterceptorVaryTest extends ClientVaryContract {

  private RestClient client;

  @Override
  protected Adapter createClient(HttpCollapseOptions options, String baseUrl) {
    CollapseHttpRequestInterceptor interceptor = new CollapseHttpRequestInterceptor(options);
    client = RestClient.builder()
        .requestFactory(new JdkClientHttpRequestFactory())
        .baseUrl(baseUrl)
        .requestInterceptor(interceptor)
        .build();
    return new Adapter(interceptor.stats(), interceptor);
  }

  @Override
  protected String get(String path, String header, String value) {
    return client.get().uri(path).header(header, value).retrieve().body(String.class);
  }
}
