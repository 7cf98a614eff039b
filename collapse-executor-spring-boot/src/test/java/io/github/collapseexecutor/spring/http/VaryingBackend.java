package io.github.collapseexecutor.spring.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on loopback whose every response is the representation for the value of one request
 * header, and says so with {@code Vary}: {@code GET /varying/1} with {@code X-Tenant: t2} answers
 * {@code t2} with {@code Vary: X-Tenant}. Each call is held by {@link #arrivals()}.
 */
public final class VaryingBackend {

  /** The path the endpoint answers under. */
  public static final String PATH = "/varying/1";

  private final String header;
  private final AtomicInteger calls = new AtomicInteger();
  private final Arrivals arrivals = new Arrivals();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private HttpServer server;

  /** Creates a backend whose responses vary on the request header {@code header}. */
  public VaryingBackend(String header) {
    this.header = header;
  }

  /** Starts the server and returns its base URL, {@code http://127.0.0.1:port}. */
  public String start() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.setExecutor(pool);
    server.createContext("/varying", this::answer);
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Stops the server. */
  public void stop() {
    server.stop(0);
    pool.shutdownNow();
  }

  /** Returns what holds each answer until the callers of a round have set off. */
  public Arrivals arrivals() {
    return arrivals;
  }

  /** Returns how many requests arrived. */
  public int calls() {
    return calls.get();
  }

  private void answer(HttpExchange exchange) throws IOException {
    calls.incrementAndGet();
    arrivals.awaitThenAnswer();
    String value = exchange.getRequestHeaders().getFirst(header);
    byte[] body = String.valueOf(value).getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Vary", header);
    exchange.getResponseHeaders().add("Content-Type", "text/plain");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
