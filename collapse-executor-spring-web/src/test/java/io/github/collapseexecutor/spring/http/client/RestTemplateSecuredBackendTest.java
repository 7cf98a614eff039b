package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;
import java.util.List;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestTemplate;

/** A collapsing {@code RestTemplate} against a Spring Boot service with Spring Security. */
final class RestTemplateSecuredBackendTest extends SecuredBackendContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestTemplate template;
  private String baseUrl;

  @Override
  protected void createClient(String baseUrl, HttpCollapseOptions options) {
    this.baseUrl = baseUrl;
    interceptor = new CollapseHttpRequestInterceptor(options);
    template = new RestTemplate();
    template.setInterceptors(List.of(interceptor));
  }

  @Override
  protected void closeClient() {
    interceptor.close();
  }

  @Override
  protected Reply get(String path, String authorization) {
    HttpHeaders headers = new HttpHeaders();
    headers.add("Authorization", authorization);
    ResponseEntity<String> response = template.exchange(baseUrl + path, HttpMethod.GET,
        new HttpEntity<>(headers), String.class);
    return new Reply(response.getStatusCode().value(), response.getBody(),
        response.getHeaders().getFirst("Set-Cookie"));
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }
}
