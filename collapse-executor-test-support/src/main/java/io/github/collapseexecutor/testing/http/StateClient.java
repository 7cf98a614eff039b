package io.github.collapseexecutor.testing.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * A client of a server's test application behind a collapse filter, as the state contracts
 * ({@link SessionChangesContract}, {@code ReadsAfterWritesContract}) call it: reads and writes of
 * {@code /state}, and {@code GET}s with a session cookie.
 *
 * @param baseUrl the application's {@code http://host:port}
 * @param sessionCookie the name of the cookie the server keeps its session in
 */
public record StateClient(String baseUrl, String sessionCookie) {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  /** Starts a {@code GET /state}; returns its body. */
  public CompletableFuture<String> read() {
    return HTTP.sendAsync(request("/state").GET().build(), HttpResponse.BodyHandlers.ofString())
        .thenApply(HttpResponse::body);
  }

  /** Sends a {@code POST /state} and returns once its response arrived. */
  public void write() throws Exception {
    HTTP.send(
        request("/state").POST(HttpRequest.BodyPublishers.ofString("write")).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Sends a {@code GET} of {@code path} with {@code cookie}, if any; see the session contract. */
  public SessionChangesContract.Answer get(String path, @Nullable String cookie) throws Exception {
    HttpRequest.Builder request = request(path).GET();
    if (cookie != null) {
      request.header("Cookie", cookie);
    }
    HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    String session =
        response.headers().allValues("Set-Cookie").stream()
            .filter(value -> value.startsWith(sessionCookie + "="))
            .map(value -> value.indexOf(';') < 0 ? value : value.substring(0, value.indexOf(';')))
            .findFirst()
            .orElse(null);
    return new SessionChangesContract.Answer(response.statusCode(), response.body(), session);
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60));
  }
}
