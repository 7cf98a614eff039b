package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A streamed response read a line at a time by the JDK client, each read bounded in time: a
 * stream that a filter holds back never delivers its first line, and the read fails instead of
 * the test hanging.
 */
public final class StreamLines implements AutoCloseable {

  /** How long a read waits for the response's head or for a line. */
  public static final long READ_SECONDS = 10;

  /** Reads block: on threads of their own, not the common pool, which may have one thread. */
  private static final ExecutorService READS =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "stream-read");
            thread.setDaemon(true);
            return thread;
          });

  private final BufferedReader lines;
  private final HttpResponse<InputStream> response;

  private StreamLines(HttpResponse<InputStream> response) {
    this.response = response;
    this.lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
  }

  /** Sends {@code request} and waits for a 200 response's head. */
  public static StreamLines open(HttpClient http, HttpRequest request) throws Exception {
    HttpResponse<InputStream> response =
        http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
            .get(READ_SECONDS, TimeUnit.SECONDS);
    assertThat(response.statusCode()).isEqualTo(200);
    return new StreamLines(response);
  }

  /** Returns the response's {@code Content-Type}, or {@code null}. */
  public String contentType() {
    return response.headers().firstValue("Content-Type").orElse(null);
  }

  /** Returns the next line that is not blank, or {@code null} at the end of the stream. */
  public String next() throws Exception {
    return CompletableFuture.supplyAsync(
            () -> {
              try {
                String line = lines.readLine();
                while (line != null && line.isEmpty()) {
                  line = lines.readLine();
                }
                return line;
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            },
            READS)
        .get(READ_SECONDS, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
