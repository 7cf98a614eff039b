package io.github.collapseexecutor.testing.http;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The clients of {@link ServerAcrossInstancesCases}: each sends the GET for the same quote, with
 * its own credential, through the balancer's host name, on a thread of its own so that a case can
 * hold several in flight.
 */
final class QuoteCallers implements AutoCloseable {

  private final ExecutorService threads = Executors.newFixedThreadPool(3);

  /** Returns the head of the GET every caller sends, carrying {@code authorization}. */
  static String request(String authorization) {
    return "GET /quotes/acme HTTP/1.1\r\nHost: quotes.example\r\nAuthorization: "
        + authorization
        + "\r\n";
  }

  /** Sends the GET to {@code port} of {@code address}; the stage of everything it answers. */
  CompletableFuture<String> call(String address, int port, String authorization) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return RawHttp.exchange(address, port, request(authorization));
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        },
        threads);
  }

  /** Stops the callers still in flight. */
  @Override
  public void close() {
    threads.shutdownNow();
  }
}
