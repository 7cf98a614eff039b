package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientWaitTimeoutContract;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import org.junit.jupiter.api.AfterEach;

/** The wait timeout of the collapsing JDK client. */
final class JdkWaitTimeoutTest extends ClientWaitTimeoutContract {

  private CollapsingHttpClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    client = CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options);
  }

  @AfterEach
  void closeClient() {
    client.close();
  }

  @Override
  protected String get(String path) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(backend.baseUrl() + path)).build();
    return client.send(request, BodyHandlers.ofString()).body();
  }

  @Override
  protected HttpCollapseStats stats() {
    return client.stats();
  }
}
