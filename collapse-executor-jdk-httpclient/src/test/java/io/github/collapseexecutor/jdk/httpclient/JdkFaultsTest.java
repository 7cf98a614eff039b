package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientFaultsContract;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;

/**
 * Every caller of a collapsing JDK client fails as the plain client does. The request timeout
 * stands for the read timeout until the headers, and {@link ReadTimeout} after them.
 */
final class JdkFaultsTest extends ClientFaultsContract {

  private HttpClient plain;
  private CollapsingHttpClient collapsing;

  @Override
  protected void createClients(HttpCollapseOptions options) {
    plain = HttpClient.newHttpClient();
    collapsing = CollapsingHttpClient.wrap(plain, options);
  }

  @Override
  protected String response(boolean collapse, String url) throws Exception {
    HttpClient client = collapse ? collapsing : plain;
    HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(READ_TIMEOUT).build();
    HttpResponse<String> response =
        client.send(request, new ReadTimeout<>(BodyHandlers.ofString(), READ_TIMEOUT));
    return response.statusCode() + " " + response.body();
  }

  @Override
  protected void closeClients() {
    collapsing.close();
  }
}
