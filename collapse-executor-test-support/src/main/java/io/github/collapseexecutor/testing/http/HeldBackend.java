package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A server on loopback that counts the requests under one path and holds each answer by
 * {@link #arrivals()}, so that the callers of a round overlap however slowly a busy machine starts
 * them; a subclass says what each request is answered with, as {@code text/plain}.
 */
public abstract class HeldBackend {

  private final String context;
  private final SSLContext clientAuthTls;
  private final AtomicInteger calls = new AtomicInteger();
  private final Object arrived = new Object();
  private final Arrivals arrivals = new Arrivals();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private HttpServer server;

  /** Creates a backend that answers the requests whose path starts with {@code context}. */
  protected HeldBackend(String context) {
    this(context, null);
  }

  /**
   * Creates a backend that answers over https with the certificate of {@code clientAuthTls}, and
   * requires every client to present a certificate its trust manager trusts (mutual TLS).
   */
  protected HeldBackend(String context, SSLContext clientAuthTls) {
    this.context = context;
    this.clientAuthTls = clientAuthTls;
  }

  /**
   * Returns the body to answer {@code exchange} with, after adding any response header; called
   * once the callers of the round have set off.
   */
  protected abstract String answer(HttpExchange exchange) throws IOException;

  /**
   * Returns the body to answer {@code exchange}, the backend's {@code call}th request, with; by
   * default {@link #answer(HttpExchange)}. A backend whose answers say which call made them
   * overrides it.
   */
  protected String answer(HttpExchange exchange, int call) throws IOException {
    return answer(exchange);
  }

  /**
   * Starts the server and returns its base URL, {@code http://127.0.0.1:port}, or
   * {@code https://127.0.0.1:port} for a backend that requires client certificates.
   */
  public final String start() {
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    try {
      server = clientAuthTls == null ? HttpServer.create(loopback, 0) : httpsServer(loopback);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.setExecutor(pool);
    server.createContext(context, this::handle);
    server.start();
    return (clientAuthTls == null ? "http" : "https")
        + "://127.0.0.1:"
        + server.getAddress().getPort();
  }

  private HttpsServer httpsServer(InetSocketAddress address) throws IOException {
    HttpsServer https = HttpsServer.create(address, 0);
    https.setHttpsConfigurator(
        new HttpsConfigurator(clientAuthTls) {
          @Override
          public void configure(HttpsParameters params) {
            SSLParameters parameters = getSSLContext().getDefaultSSLParameters();
            parameters.setNeedClientAuth(true);
            params.setSSLParameters(parameters);
          }
        });
    return https;
  }

  /** Stops the server. */
  public final void stop() {
    server.stop(0);
    pool.shutdownNow();
  }

  /** Returns what holds each answer until the callers of a round have set off. */
  public final Arrivals arrivals() {
    return arrivals;
  }

  /** Returns how many requests arrived. */
  public final int calls() {
    return calls.get();
  }

  /**
   * Waits, at most 10 s, until {@code count} requests have arrived since the start, and returns
   * whether they did: a caller's call is then held here, as {@link #arrivals()} holds it.
   */
  public final boolean awaitCalls(int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    synchronized (arrived) {
      while (calls.get() < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(arrived, left);
      }
    }
    return true;
  }

  private void handle(HttpExchange exchange) throws IOException {
    int call = calls.incrementAndGet();
    synchronized (arrived) {
      arrived.notifyAll();
    }
    arrivals.awaitThenAnswer();
    byte[] body = answer(exchange, call).getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "text/plain");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
