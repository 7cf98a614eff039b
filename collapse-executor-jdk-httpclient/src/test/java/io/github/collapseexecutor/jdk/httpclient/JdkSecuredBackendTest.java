package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;

/** A collapsing JDK client against a Spring Boot service with Spring Security. */
final class JdkSecuredBackendTest extends SecuredBackendContract {

  private CollapsingHttpClient client;
  private String baseUrl;

  @Override
  protected void createClient(String baseUrl, HttpCollapseOptions options) {
    this.baseUrl = baseUrl;
    client = CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options);
  }

  @Override
  protected void closeClient() {
    client.close();
  }

  @Override
  protected Reply get(String path, String authorization) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .header("Authorization", authorization).build();
    HttpResponse<String> response = client.send(request, BodyHandlers.ofString());
    return new Reply(response.statusCode(), response.body(),
        response.headers().firstValue("Set-Cookie").orElse(null));
  }

  @Override
  protected HttpCollapseStats stats() {
    return client.stats();
  }
}
