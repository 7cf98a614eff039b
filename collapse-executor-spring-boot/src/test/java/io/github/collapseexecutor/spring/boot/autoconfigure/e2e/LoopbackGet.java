package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A GET of the test application's server on loopback, bounded in time as the tests are. */
final class LoopbackGet {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  private LoopbackGet() {}

  /** GETs {@code path} of the server on {@code port}, waiting at most 20 s for the answer. */
  static HttpResponse<String> get(int port, String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(20))
            .GET()
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
