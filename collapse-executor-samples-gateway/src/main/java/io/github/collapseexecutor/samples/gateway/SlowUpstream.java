package io.github.collapseexecutor.samples.gateway;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The upstream behind the gateway: a small HTTP server on loopback that counts its calls per path
 * and is slow. A call takes a second, or, on a path the sample {@linkplain #hold holds}, as long
 * as the sample keeps the gate shut (30 s at most), so that a burst of requests is still waiting
 * when the last of them reaches the gateway, on a busy machine too.
 */
final class SlowUpstream implements AutoCloseable {

  private static final Duration SLOW = Duration.ofSeconds(1);
  private static final Duration LONGEST_HOLD = Duration.ofSeconds(30);

  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final HttpServer server;

  private SlowUpstream(HttpServer server) {
    this.server = server;
  }

  /** Starts the upstream on a free loopback port. */
  static SlowUpstream start() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    SlowUpstream upstream = new SlowUpstream(server);
    server.setExecutor(upstream.threads);
    server.createContext("/", upstream::answer);
    server.start();
    return upstream;
  }

  /** The URI the gateway's routes send to. */
  String uri() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Holds every call of {@code path} until the returned gate is counted down. */
  CountDownLatch hold(String path) {
    return gates.computeIfAbsent(path, p -> new CountDownLatch(1));
  }

  /** How many calls of {@code path} the upstream received. */
  int calls(String path) {
    AtomicInteger count = calls.get(path);
    return count == null ? 0 : count.get();
  }

  @Override
  public void close() {
    gates.values().forEach(CountDownLatch::countDown);
    server.stop(0);
    threads.shutdownNow();
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      int call = calls.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
      CountDownLatch gate = gates.get(path);
      if (gate != null) {
        gate.await(LONGEST_HOLD.toMillis(), TimeUnit.MILLISECONDS);
      } else {
        // the upstream's own slowness, which the gateway's callers would share
        Thread.sleep(SLOW.toMillis());
      }
      byte[] body = ("call " + call + " of " + path + "\n").getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "text/plain");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (InterruptedException stopping) {
      Thread.currentThread().interrupt();
    } catch (IOException callerLeft) {
      // the gateway closed the connection while the call was slow: nobody reads this answer
    }
  }
}
