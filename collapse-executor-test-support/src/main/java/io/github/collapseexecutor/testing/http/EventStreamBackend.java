package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on loopback that answers {@link #PATH} with server-sent events: it sends the first,
 * then holds the rest until {@link #received} was told, as many times as the test expects, that
 * a client read the first. So a client that gets the first event only once the whole stream ended
 * never gets the rest: after 10 s the server gives up and ends the stream with
 * {@link #NEVER_RELEASED} instead.
 */
public final class EventStreamBackend {

  /** The path of the stream. */
  public static final String PATH = "/events/feed";

  /** The events every stream carries, in order. */
  public static final List<String> EVENTS = List.of("event 1", "event 2", "event 3");

  /** The last event of a stream whose first event no client reported in time. */
  public static final String NEVER_RELEASED = "never released";

  private final AtomicInteger requests = new AtomicInteger();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private volatile CountDownLatch firstReceived = new CountDownLatch(1);
  private HttpServer server;

  /** Starts the server and returns its base URL, {@code http://127.0.0.1:port}. */
  public String start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.createContext(PATH, this::stream);
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Holds the rest of every stream until {@code clients} clients read their first event. */
  public void expect(int clients) {
    firstReceived = new CountDownLatch(clients);
  }

  /** Tells that one client read the first event of its stream. */
  public void received() {
    firstReceived.countDown();
  }

  /** Returns how many requests arrived. */
  public int requests() {
    return requests.get();
  }

  /** Stops the server. */
  public void stop() {
    server.stop(0);
    pool.shutdownNow();
  }

  private void stream(HttpExchange exchange) throws IOException {
    requests.incrementAndGet();
    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      send(out, EVENTS.get(0));
      if (!awaitFirstReceived()) {
        send(out, NEVER_RELEASED);
        return;
      }
      for (String event : EVENTS.subList(1, EVENTS.size())) {
        send(out, event);
      }
    }
  }

  private boolean awaitFirstReceived() {
    try {
      return firstReceived.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void send(OutputStream out, String event) throws IOException {
    out.write(("data: " + event + "\n\n").getBytes(StandardCharsets.UTF_8));
    // a chunk of its own: the client sees the event now, not when the stream ends
    out.flush();
  }
}
