package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.HttpCollapseStats;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import okhttp3.tls.HandshakeCertificates;

/**
 * A client that a {@link ClientFixture} opened, with or without its collapse adapter; closing it
 * closes what it opened. Only {@link #send} is required: the other ways to call are needed by
 * some contracts only, and fail until a fixture supplies them.
 */
public interface DrivenClient extends AutoCloseable {

  /**
   * Sends {@code call} relative to the client's base URL, reads the whole response and returns
   * what its caller observed; throws what the client throws, as its callers call it by default
   * (an HTTP error status fails where the client's default fails on one).
   */
  Outcome send(Call call) throws Exception;

  /** Returns the counters of the adapter; fails for a client without one. */
  HttpCollapseStats stats();

  /**
   * Starts {@code call} on a thread or a subscription of its own, as the client's callers do, and
   * returns it with the way its caller leaves. By default a thread that {@link #send}s, left by
   * interrupting it, as a blocking client's callers leave.
   */
  default OwnCall start(Call call) {
    CompletableFuture<String> body = new CompletableFuture<>();
    Thread caller =
        new Thread(
            () -> {
              try {
                body.complete(send(call).text());
              } catch (Exception | Error failure) {
                body.completeExceptionally(failure);
              }
            },
            "driven-caller");
    caller.setDaemon(true);
    caller.start();
    return new OwnCall(body, caller::interrupt);
  }

  /**
   * Sends {@code call} and hands {@code onEvent} the data of each server-sent event as the
   * client reads it; returns when the stream ended.
   */
  default void readEvents(Call call, Consumer<String> onEvent) throws Exception {
    throw new UnsupportedOperationException("the fixture reads no event stream: " + getClass());
  }

  /**
   * Returns a client that presents {@code certificate}'s client certificate, made from this one
   * as the adapter's users make a client of a second identity, behind the same adapter; closing
   * it closes only what it made of its own.
   */
  default DrivenClient withCertificate(HandshakeCertificates certificate) {
    throw new UnsupportedOperationException("the fixture presents no certificate: " + getClass());
  }

  @Override
  void close();

  /**
   * One caller's call, started on a thread or a subscription of its own.
   *
   * @param body the body of the response; fails with exactly what the client threw or signalled
   *     to the caller
   * @param leaving how the client's callers leave: cancel the call, interrupt the thread that
   *     waits on it, or dispose of the subscription
   */
  record OwnCall(CompletableFuture<String> body, Runnable leaving) {

    /** Leaves the call, as the client's callers do. */
    public void leave() {
      leaving.run();
    }
  }

  /** Reads the server-sent events of {@code body}, handing {@code onEvent} each data line. */
  static void readDataLines(InputStream body, Consumer<String> onEvent) throws IOException {
    BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.startsWith("data:")) {
        onEvent.accept(line.substring("data:".length()).strip());
      }
    }
  }
}
