package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import io.github.collapseexecutor.testing.HeldRound;
import java.io.IOException;

/**
 * A server on loopback for the observe-mode tests of an adapter that lets every request through:
 * it holds each request under {@link #PATH} until every request of the round has reached it, so
 * that all of them are in progress at once however slowly a busy machine starts them, then
 * answers each with the same body. Under {@code cookie/} it also sets a cookie, under
 * {@code private/} it answers {@code Cache-Control: private}.
 */
public final class ObservedBackend extends HeldBackend {

  /** The path the backend answers under. */
  public static final String PATH = "/observed/";

  private final HeldRound round = new HeldRound();

  public ObservedBackend() {
    super(PATH);
  }

  /** Starts a round: each of the next {@code requests} requests waits until all have arrived. */
  public void expect(int requests) {
    round.expect(requests);
  }

  @Override
  protected String answer(HttpExchange exchange) throws IOException {
    try {
      round.arrive();
    } catch (IllegalStateException e) {
      throw new IOException(e);
    }
    String path = exchange.getRequestURI().getPath();
    if (path.startsWith(PATH + "cookie/")) {
      exchange.getResponseHeaders().add("Set-Cookie", "visit=1; Path=/");
    } else if (path.startsWith(PATH + "private/")) {
      exchange.getResponseHeaders().add("Cache-Control", "private, max-age=60");
    }
    return "answer for " + path;
  }
}
