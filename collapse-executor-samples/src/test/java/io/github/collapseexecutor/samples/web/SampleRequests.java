package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.Callers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Requests to the sample application of a {@link GatedSampleTest} on loopback, by a client that
 * does not collapse: one at a time, or many at once that reach the collapse filter together
 * through its {@link ArrivalBarrier}.
 */
final class SampleRequests {

  /**
   * Connects within the request's own 20 s: the client's selector thread times a connect, and on a
   * loaded machine it may first look at the clock seconds after the kernel accepted the connection
   * for fifty clients at once.
   */
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  private final JsonMapper json = JsonMapper.builder().build();
  private final int port;
  private final ArrivalBarrier barrier;

  SampleRequests(int port, ArrivalBarrier barrier) {
    this.port = port;
    this.barrier = barrier;
  }

  /** Sends {@code method path} without a body and returns the response. */
  HttpResponse<String> send(String method, String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(20))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** Sends {@code GET path} {@code requests} times at once; returns the responses in order. */
  List<HttpResponse<String>> concurrently(int requests, String path) throws Exception {
    barrier.expect(requests);
    return Callers.runConcurrently(requests, caller -> send("GET", path));
  }

  /** Returns the JSON that {@code GET path} answers. */
  JsonNode json(String path) throws Exception {
    return json.readTree(send("GET", path).body());
  }

  /** Returns the body of {@code response} read as JSON. */
  JsonNode json(HttpResponse<String> response) {
    return json.readTree(response.body());
  }
}
