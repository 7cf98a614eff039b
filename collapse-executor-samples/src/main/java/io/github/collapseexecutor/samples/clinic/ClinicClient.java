package io.github.collapseexecutor.samples.clinic;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A browser's requests to a clinic, without collapse of its own: each request reaches the
 * server. Follows no redirect, so that a form's answer shows its {@code Location} and the session
 * cookie it set.
 */
public final class ClinicClient {

  /** Generous, for a loaded machine: a connection of fifty at once may wait to be accepted. */
  private static final Duration LIMIT = Duration.ofSeconds(20);

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(LIMIT).build();
  private final String base;

  ClinicClient(String base) {
    this.base = base;
  }

  /** Sends {@code GET path} with {@code headers} (name, value, name, value...). */
  public Page get(String path, String... headers) throws IOException, InterruptedException {
    return send(request(path, headers).GET());
  }

  /** Posts {@code form}, URL-encoded, to {@code path} with {@code headers}. */
  public Page post(String path, Map<String, String> form, String... headers)
      throws IOException, InterruptedException {
    String body =
        form.entrySet().stream()
            .map(field -> encode(field.getKey()) + "=" + encode(field.getValue()))
            .collect(Collectors.joining("&"));
    return send(
        request(path, headers)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private HttpRequest.Builder request(String path, String... headers) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(LIMIT);
    return headers.length == 0 ? request : request.headers(headers);
  }

  private Page send(HttpRequest.Builder request) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return new Page(response.statusCode(), response.body(), response.headers().map());
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
