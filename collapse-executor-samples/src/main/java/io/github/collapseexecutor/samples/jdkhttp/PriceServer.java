package io.github.collapseexecutor.samples.jdkhttp;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A price service on loopback, on the JDK's own HTTP server: {@code GET /prices/{sku}} answers the
 * price of a product once its gate opens, and counts the calls it answered.
 */
public final class PriceServer implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final AtomicInteger calls = new AtomicInteger();
  private final CountDownLatch gate;

  /** Starts the server; it answers once {@link #open()} was called, or at once if not held. */
  public PriceServer(boolean held) throws IOException {
    gate = new CountDownLatch(held ? 1 : 0);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/prices/", exchange -> {
      try {
        gate.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
      calls.incrementAndGet();
      String sku = exchange.getRequestURI().getPath().substring("/prices/".length());
      byte[] body = ("{\"sku\":\"" + sku + "\",\"price\":\"9.99\"}")
          .getBytes(StandardCharsets.UTF_8);
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

  /** Lets the calls held so far, and every later one, be answered. */
  public void open() {
    gate.countDown();
  }

  /** Returns how many calls the server answered. */
  public int calls() {
    return calls.get();
  }

  @Override
  public void close() {
    gate.countDown();
    server.stop(0);
    pool.shutdownNow();
  }
}
