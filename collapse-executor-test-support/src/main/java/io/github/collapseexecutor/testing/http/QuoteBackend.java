package io.github.collapseexecutor.testing.http;

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
 * A server on loopback that answers {@code GET /quote/<id>} with {@code "quote of /quote/<id>"}
 * once {@link JoinedCallers} saw every other caller wait for the call, and counts the calls it
 * got.
 */
public final class QuoteBackend implements AutoCloseable {

  private final JoinedCallers joined;
  private final AtomicInteger calls = new AtomicInteger();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final HttpServer server;

  /** Starts a server whose answers wait for {@code joined}. */
  public QuoteBackend(JoinedCallers joined) throws IOException {
    this.joined = joined;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.createContext(
        "/quote/",
        exchange -> {
          calls.incrementAndGet();
          try {
            // answer once every other caller waits for this call, so that none can come late
            this.joined.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          byte[] body =
              ("quote of " + exchange.getRequestURI().getPath()).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "text/plain");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
  }

  /** Returns the URL of the quote {@code id}. */
  public String url(int id) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/quote/" + id;
  }

  /** Returns how many calls the server got. */
  public int calls() {
    return calls.get();
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
