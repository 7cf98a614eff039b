package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A server on loopback that answers every request with what decides its answer besides the URL:
 * the {@code Host} header it received, as a server with virtual hosts picks a site by it, and the
 * request body, as a search API reads its query from it. {@code GET /echo/1} with
 * {@code Host: alpha.test} and body {@code q} answers {@code host=alpha.test body=q}, with no
 * {@code Vary}. Each call is held by {@link #arrivals()}.
 */
public final class EchoingBackend extends HeldBackend {

  /** The path the endpoint answers under. */
  public static final String PATH = "/echo/1";

  public EchoingBackend() {
    super("/echo");
  }

  /** Returns the body the server answers a request with this {@code Host} and body. */
  public static String answer(String host, String body) {
    return "host=" + host + " body=" + body;
  }

  @Override
  protected String answer(HttpExchange exchange) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      return answer(
          exchange.getRequestHeaders().getFirst("Host"),
          new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
