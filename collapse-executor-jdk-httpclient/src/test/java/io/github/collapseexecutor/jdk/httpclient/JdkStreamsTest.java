package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.function.Consumer;

/** Server-sent events reach each caller of a collapsing JDK client as they arrive. */
final class JdkStreamsTest extends ClientStreamsContract {

  private CollapsingHttpClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    client = CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options);
  }

  @Override
  protected void readEvents(String url, Consumer<String> onEvent) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(url)).build();
    try (InputStream body = client.send(request, BodyHandlers.ofInputStream()).body()) {
      readDataLines(body, onEvent);
    }
  }

  @Override
  protected HttpCollapseStats stats() {
    return client.stats();
  }

  @Override
  protected void closeClient() {
    client.close();
  }
}
