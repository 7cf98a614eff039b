package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on loopback that holds each call until the test lets it go, so that a test decides
 * which call answers when, whatever the callers' own limits. Calls are numbered per path from 1;
 * call N of a path is answered {@code call N} once {@link #releaseFrom} lets it, and every call
 * under {@code /held/} is held until the server stops. A held call is never held longer than 30 s.
 */
public final class GatedBackend {

  private final Map<String, Path> paths = new ConcurrentHashMap<>();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final CountDownLatch stopping = new CountDownLatch(1);
  private HttpServer server;

  /** Starts the server and returns its base URL, {@code http://127.0.0.1:port}. */
  public String start() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.setExecutor(pool);
    server.createContext("/", this::handle);
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Lets every held call go, and stops the server. */
  public void stop() {
    stopping.countDown();
    server.stop(0);
    pool.shutdownNow();
  }

  /** Waits, at most 20 s, until call {@code n} of {@code path} has arrived. */
  public void awaitCall(String path, int n) throws InterruptedException {
    assertThat(path(path).arrived(n).await(20, TimeUnit.SECONDS))
        .as("call %d of %s arrived", n, path)
        .isTrue();
  }

  /** Lets call {@code n} of {@code path} be answered, and every later call of it at once. */
  public void releaseFrom(String path, int n) {
    path(path).releasedFrom.accumulateAndGet(n, Math::min);
    path(path)
        .release
        .forEach(
            (call, latch) -> {
              if (call >= n) {
                latch.countDown();
              }
            });
  }

  /** Returns how many calls of {@code path} arrived. */
  public int calls(String path) {
    return path(path).calls.get();
  }

  private Path path(String path) {
    return paths.computeIfAbsent(path, p -> new Path());
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      Path calls = path(path);
      int call = calls.calls.incrementAndGet();
      calls.arrived(call).countDown();
      if (path.startsWith("/held/")) {
        await(stopping);
      } else if (call < calls.releasedFrom.get()) {
        await(calls.release(call));
      }
      byte[] body = ("call " + call).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "text/plain");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (IOException clientLeft) {
      // a caller that left closed its connection while its call was held: nobody reads this
    }
  }

  private void await(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The calls of one path. */
  private final class Path {

    final AtomicInteger calls = new AtomicInteger();
    final AtomicInteger releasedFrom = new AtomicInteger(Integer.MAX_VALUE);
    final Map<Integer, CountDownLatch> release = new ConcurrentHashMap<>();
    private final Map<Integer, CountDownLatch> arrivals = new ConcurrentHashMap<>();

    CountDownLatch arrived(int call) {
      return arrivals.computeIfAbsent(call, n -> new CountDownLatch(1));
    }

    CountDownLatch release(int call) {
      CountDownLatch latch = release.computeIfAbsent(call, n -> new CountDownLatch(1));
      // released while the latch was being made
      if (call >= releasedFrom.get() || stopping.getCount() == 0) {
        latch.countDown();
      }
      return latch;
    }
  }
}
