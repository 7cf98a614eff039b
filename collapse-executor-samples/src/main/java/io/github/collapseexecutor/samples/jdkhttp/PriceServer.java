package io.github.collapseexecutor.samples.jdkhttp;

import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.samples.AnswerGate;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A price service on loopback, on the JDK's own HTTP server: {@code GET /prices/{sku}} answers the
 * price of a product once its {@link AnswerGate} lets the call through.
 */
public final class PriceServer implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final AnswerGate gate;

  /** Starts the server; it answers once its gate is opened, or at once if not held. */
  public PriceServer(boolean held) throws IOException {
    gate = new AnswerGate(held);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/prices/",
        exchange -> {
          gate.pass();
          String sku = exchange.getRequestURI().getPath().substring("/prices/".length());
          byte[] body =
              ("{\"sku\":\"" + sku + "\",\"price\":\"9.99\"}").getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.setExecutor(pool);
    server.start();
  }

  /** Returns the base URL, {@code http://127.0.0.1:port}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Returns the gate that holds the server's answers and counts its calls. */
  public AnswerGate gate() {
    return gate;
  }

  @Override
  public void close() {
    gate.open();
    server.stop(0);
    pool.shutdownNow();
  }
}
