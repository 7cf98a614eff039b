package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import org.springframework.core.SpringVersion;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * A {@code RestClient} whose one interceptor is a {@link CollapseHttpRequestInterceptor} (a
 * RestTemplate goes through the same interceptor and protocol).
 */
final class RestClientCollapsingClient implements CollapsingClient {

  private final CollapseHttpRequestInterceptor interceptor;
  private final RestClient client;

  RestClientCollapsingClient(HttpCollapseOptions options, String baseUrl,
      ClientHttpRequestFactory requestFactory) {
    this.interceptor = new CollapseHttpRequestInterceptor(options);
    this.client = RestClient.builder()
        .requestFactory(requestFactory)
        .baseUrl(baseUrl)
        .requestInterceptor(interceptor)
        .build();
  }

  @Override
  public HttpCollapseStats stats() {
    return interceptor.stats();
  }

  @Override
  public String get(String path, String header, String value) {
    return client.get().uri(path).header(header, value).retrieve().body(String.class);
  }

  @Override
  public String getWithBody(String path, String body) {
    return client.method(HttpMethod.GET).uri(path).body(body).retrieve().body(String.class);
  }

  /**
   * Spring 7's request factories leave a {@code null} header value out; Spring 6.2's JDK one
   * hands it to the JDK client, which refuses it before any request is made.
   */
  @Override
  public boolean takesNullHeaderValues() {
    String version = SpringVersion.getVersion();
    return version == null || !version.startsWith("6.");
  }

  @Override
  public void close() {
    interceptor.close();
  }
}
