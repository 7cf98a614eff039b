package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Small requests the harness itself makes to its servers: readiness probes and counters. */
final class Loopback {

  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  private Loopback() {}

  /** Returns a port on 127.0.0.1 that nothing listens on right now. */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on loopback", e);
    }
  }

  /** Returns {@code address} as a proxy's configuration names a server: {@code host:port}. */
  static String text(InetSocketAddress address) {
    return address.getHostString() + ":" + address.getPort();
  }

  /**
   * Returns the body of {@code GET uri}.
   *
   * @throws IOException if the request failed or did not answer 200
   */
  static String get(URI uri) throws IOException, InterruptedException {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("GET " + uri + " answered " + response.statusCode());
    }
    return response.body();
  }
}
