package io.github.collapseexecutor.micrometer;

import static io.github.collapseexecutor.testing.Parking.await;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.testing.Parking;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A backend on loopback, and the callers that meet at it: {@link #meet} runs one call on many
 * threads, and the backend holds the first request it gets until every caller is parked (the one
 * that made it waiting for its response, the others for the shared call), so that they all join
 * the first call however the threads are scheduled. Every wait is bounded by 10 s. Later
 * requests are answered at once. {@code /cookie} answers with a {@code Set-Cookie},
 * {@code /status/404} (any code) with that status, anything else with {@code answer}.
 */
final class MeetingBackend implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService serverThreads = Executors.newCachedThreadPool();
  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicBoolean first = new AtomicBoolean();
  private volatile List<Thread> callers = List.of();
  private volatile CountDownLatch arrived = new CountDownLatch(0);

  MeetingBackend() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(serverThreads);
    server.createContext("/", this::answer);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Returns how many requests arrived. */
  int calls() {
    return calls.get();
  }

  /** Runs {@code call} on {@code n} threads at once; returns each result, or what it threw. */
  List<Object> meet(int n, Callable<?> call) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    CountDownLatch all = new CountDownLatch(n);
    Object[] results = new Object[n];
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      threads.add(
          new Thread(
              () -> {
                await(start);
                all.countDown();
                try {
                  results[index] = call.call();
                } catch (Throwable t) {
                  results[index] = t;
                }
              },
              "caller-" + i));
    }
    callers = threads;
    arrived = all;
    threads.forEach(Thread::start);
    start.countDown();
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(20));
    }
    return List.of(results);
  }

  private void answer(HttpExchange exchange) throws IOException {
    calls.incrementAndGet();
    if (first.compareAndSet(false, true)) {
      await(arrived);
      Parking.awaitParked(callers);
    }
    if (exchange.getRequestURI().getPath().equals("/cookie")) {
      exchange.getResponseHeaders().add("Set-Cookie", "session=s1");
    }
    String path = exchange.getRequestURI().getPath();
    int status = path.startsWith("/status/") ? Integer.parseInt(path.substring(8)) : 200;
    byte[] body = "answer".getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "text/plain");
    exchange.sendResponseHeaders(status, body.length);
    exchange.getResponseBody().write(body);
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
    serverThreads.shutdownNow();
  }
}
