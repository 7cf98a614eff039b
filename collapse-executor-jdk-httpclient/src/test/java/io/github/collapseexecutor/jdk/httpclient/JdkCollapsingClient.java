package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;

/** A {@link CollapsingHttpClient} around a plain JDK client, as the client contracts drive it. */
final class JdkCollapsingClient implements CollapsingClient {

  private final CollapsingHttpClient client;
  private final String baseUrl;

  JdkCollapsingClient(HttpCollapseOptions options, String baseUrl) {
    this.client = CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options);
    this.baseUrl = baseUrl;
  }

  @Override
  public HttpCollapseStats stats() {
    return client.stats();
  }

  @Override
  public String get(String path, String header, String value)
      throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .header(header, value).build();
    return client.send(request, BodyHandlers.ofString()).body();
  }

  @Override
  public String getWithBody(String path, String body) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .method("GET", HttpRequest.BodyPublishers.ofString(body)).build();
    return client.send(request, BodyHandlers.ofString()).body();
  }

  @Override
  public boolean takesNullHeaderValues() {
    return false; // HttpRequest.Builder.header rejects a null value itself
  }

  @Override
  public void close() {
    client.close();
  }
}
