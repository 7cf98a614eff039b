package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;
import java.nio.charset.StandardCharsets;
import org.springframework.web.client.RestClient;

/** A collapsing {@code RestClient} against a Spring Boot service with Spring Security. */
final class RestClientSecuredBackendTest extends SecuredBackendContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestClient client;

  @Override
  protected void createClient(String baseUrl, HttpCollapseOptions options) {
    interceptor = new CollapseHttpRequestInterceptor(options);
    client = RestClient.builder().baseUrl(baseUrl).requestInterceptor(interceptor).build();
  }

  @Override
  protected void closeClient() {
    interceptor.close();
  }

  @Override
  protected Reply get(String path, String authorization) {
    return client.get().uri(path).header("Authorization", authorization)
        .exchange((request, response) -> new Reply(response.getStatusCode().value(),
            new String(response.getBody().readAllBytes(), StandardCharsets.UTF_8),
            response.getHeaders().getFirst("Set-Cookie")));
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }
}
