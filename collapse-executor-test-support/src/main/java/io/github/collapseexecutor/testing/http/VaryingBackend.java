package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;

/**
 * A server on loopback whose every response is the representation for the value of one request
 * header, and says so with {@code Vary}: {@code GET /varying/1} with {@code X-Tenant: t2} answers
 * {@code t2} with {@code Vary: X-Tenant}. Each call is held by {@link #arrivals()}.
 */
public final class VaryingBackend extends HeldBackend {

  /** The path the endpoint answers under. */
  public static final String PATH = "/varying/1";

  private final String header;

  /** Creates a backend whose responses vary on the request header {@code header}. */
  public VaryingBackend(String header) {
    super("/varying");
    this.header = header;
  }

  @Override
  protected String answer(HttpExchange exchange) {
    exchange.getResponseHeaders().add("Vary", header);
    return String.valueOf(exchange.getRequestHeaders().getFirst(header));
  }
}
