package io.github.collapseexecutor.samples.lines;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A backend on loopback that counts its calls of {@code GET /greeting} and holds each one until
 * the test opens its gate (10 s at most), so that concurrent callers meet while a call is in
 * progress.
 */
final class GatedBackend implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final AtomicInteger calls = new AtomicInteger();
  private volatile CountDownLatch gate = new CountDownLatch(1);

  GatedBackend() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/greeting", this::greet);
    server.setExecutor(threads);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Closes the gate and sets the count to zero, for the next round. */
  void reset() {
    gate = new CountDownLatch(1);
    calls.set(0);
  }

  void open() {
    gate.countDown();
  }

  int calls() {
    return calls.get();
  }

  private void greet(HttpExchange exchange) throws IOException {
    calls.incrementAndGet();
    try {
      gate.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "text/plain");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
