package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The {@link CollapseProtocol} for the blocking client adapters (RestClient and RestTemplate,
 * OkHttp), independent of the client library: the first of a set of identical requests makes the
 * call and buffers the response, the others wait for it and each get a response object of their
 * own.
 *
 * <p>What each caller gets:
 * <ul>
 *   <li>a shareable response (see {@link SharingRules}) whose body fits in
 *       {@link HttpCollapseOptions#maxBodyBytes()}: every caller, the one that made the call
 *       included, gets its own copy; when it varies on a request header whose value a waiting
 *       caller sent differently, that caller shares one call with the callers that sent the same
 *       values as it did instead;</li>
 *   <li>any other response, a stream ({@link StreamTypes}) among them: the caller that made the
 *       call gets it, streaming, as it arrives; the callers that waited make their own calls, as
 *       if collapse were off, and so do, without waiting, the next identical requests for a
 *       while (hit-for-pass);</li>
 *   <li>a shareable response whose body fails before its end (a reset, a close before the
 *       announced length, a read timeout): every caller gets what arrived of the body, then the
 *       same {@link IOException} from its body stream, where the client would have failed;</li>
 *   <li>a failed call ({@link IOException} or unchecked exception): every caller that waited for
 *       it gets the same exception, as the client would have thrown it, unless the thread of the
 *       caller that made it was interrupted, in which case they make their own calls;</li>
 *   <li>no response within {@link HttpCollapseOptions#waitTimeout()}: the caller that waited
 *       stops waiting and makes its own call, as if collapse were off; the call it waited for goes
 *       on for the others;</li>
 *   <li>no response within the caller's own limit ({@link Exchange#ownWaitLimitNanos()}, such as
 *       a timeout of the whole call) when that ends first: the caller stops waiting and fails with
 *       {@link Exchange#ownLimitReached()}, as its call would have without collapse.</li>
 * </ul>
 */
public final class BlockingHttpCollapser implements AutoCloseable {

  /**
   * One request as the client library sees it.
   *
   * @param <R> the library's response type
   */
  public interface Exchange<R> {

    /**
     * Returns whether the request carries a body: such a request never collapses, since no key
     * holds its body.
     */
    boolean hasBody();

    /** Makes the call; the caller owns and closes the response. */
    R proceed() throws IOException;

    /** Returns the status code of {@code response}. */
    int status(R response) throws IOException;

    /** Returns the reason phrase of {@code response}, or {@code null}. */
    @Nullable String reason(R response) throws IOException;

    /** Returns every header of {@code response}, in order. */
    List<Map.Entry<String, @Nullable String>> headers(R response);

    /** Returns the body stream of {@code response}. */
    InputStream body(R response) throws IOException;

    /** Returns {@code response} with its body replaced by {@code body}; closing it closes both. */
    R withBody(R response, InputStream body);

    /** Returns what {@link #replay} needs besides status, headers and body, or {@code null}. */
    default @Nullable Object detail(R response) {
      return null;
    }

    /** Closes {@code response}, releasing its connection. */
    void close(R response);

    /** Returns a new response for this caller built from {@code snapshot}. */
    R replay(ResponseSnapshot snapshot);

    /**
     * Returns how long, in nanoseconds from now, this caller's own limits let it wait for another
     * caller's response: what is left of a timeout or deadline of the whole call, for example;
     * {@link Long#MAX_VALUE} if it has none. A caller waits until the sooner of this and the wait
     * timeout.
     */
    default long ownWaitLimitNanos() {
      return Long.MAX_VALUE;
    }

    /**
     * Returns the exception this caller fails with when its own limit ends its wait: what the
     * client throws when that limit ends a call.
     */
    default IOException ownLimitReached() {
      return new InterruptedIOException("timeout");
    }
  }

  private final CollapseProtocol protocol;

  /**
   * Creates a collapser with its own executor, named {@code defaultName} when {@code options}
   * have no name.
   */
  public BlockingHttpCollapser(HttpCollapseOptions options, String defaultName) {
    this.protocol = new CollapseProtocol(options, defaultName);
  }

  /** Returns the rules that build keys. */
  public CollapseRules rules() {
    return protocol.rules();
  }

  /** Returns the counters. */
  public HttpCollapseStats stats() {
    return protocol.stats();
  }

  /**
   * Runs {@code exchange} for a request with the given key, or shares the call in progress for an
   * equal key; a {@code null} key, or a request with a body, passes through untouched.
   */
  public <R> R execute(@Nullable CollapseKey key, RequestHeaders request, Exchange<R> exchange)
      throws IOException {
    return take(exchange.hasBody() ? protocol.passWithBody(key, null)
        : protocol.join(key, request), exchange);
  }

  /**
   * Stops collapsing: calls in progress complete for every caller that shares them, and later
   * requests pass through untouched. Idempotent.
   */
  @Override
  public void close() {
    protocol.close();
  }

  private <R> R take(CollapseProtocol.Turn turn, Exchange<R> exchange) throws IOException {
    if (turn instanceof CollapseProtocol.Lead lead) {
      return lead(lead, exchange);
    }
    if (turn instanceof CollapseProtocol.Wait wait) {
      return await(wait, exchange);
    }
    if (turn instanceof CollapseProtocol.Replay replay) {
      return exchange.replay(replay.snapshot());
    }
    return exchange.proceed();
  }

  private static <R> R lead(CollapseProtocol.Lead lead, Exchange<R> exchange) throws IOException {
    R live;
    try {
      live = exchange.proceed();
    } catch (IOException | RuntimeException | Error failure) {
      lead.fail(failure);
      throw failure;
    }
    try {
      List<Map.Entry<String, @Nullable String>> headers = exchange.headers(live);
      UnsharedReason refusal = lead.refusal(headers);
      if (refusal != null) {
        lead.refuse(refusal);
        return live;
      }
      BoundedBody body = BoundedBody.read(exchange.body(live), lead.maxBodyBytes(),
          announcedLength(headers));
      if (!body.complete()) {
        lead.refuse(UnsharedReason.TOO_LARGE);
        return exchange.withBody(live, body.stream());
      }
      if (body.failure() != null && Thread.currentThread().isInterrupted()) {
        // the failure is this caller's own: the waiting callers make their own calls
        throw body.failure();
      }
      // a body that ended in a failure is shared too: each caller reads what arrived, then the
      // failure, where its client reads the body, as it would have without collapse
      ResponseSnapshot snapshot = new ResponseSnapshot(exchange.status(live),
          exchange.reason(live), headers, body.bytes(), body.failure(), lead.request(),
          exchange.detail(live));
      exchange.close(live);
      lead.share(snapshot);
      return exchange.replay(snapshot);
    } catch (IOException | RuntimeException | Error failure) {
      exchange.close(live);
      lead.fail(failure);
      throw failure;
    }
  }


  /** Returns the {@code Content-Length} of a response, or -1 if it has none, or a bad one. */
  private static long announcedLength(List<Map.Entry<String, @Nullable String>> headers) {
    for (Map.Entry<String, @Nullable String> header : headers) {
      if (header.getKey().equalsIgnoreCase("Content-Length")) {
        try {
          return Long.parseLong(header.getValue().trim());
        } catch (NumberFormatException notANumber) {
          return -1;
        }
      }
    }
    return -1;
  }

  private <R> R await(CollapseProtocol.Wait wait, Exchange<R> exchange) throws IOException {
    long ownLimitNanos = exchange.ownWaitLimitNanos();
    boolean ownLimitFirst = ownLimitNanos < protocol.waitTimeoutNanos();
    Outcome outcome;
    try {
      outcome = wait.future().get(
          ownLimitFirst ? Math.max(0, ownLimitNanos) : protocol.waitTimeoutNanos(),
          TimeUnit.NANOSECONDS);
    } catch (TimeoutException waitedTooLong) {
      if (ownLimitFirst) {
        wait.ownLimitReached();
        throw exchange.ownLimitReached();
      }
      outcome = wait.timedOut();
    } catch (ExecutionException failed) {
      throw rethrow(failed.getCause());
    } catch (InterruptedException interrupted) {
      wait.leave();
      Thread.currentThread().interrupt();
      InterruptedIOException io =
          new InterruptedIOException("interrupted while waiting for a collapsed call");
      io.initCause(interrupted);
      throw io;
    }
    // a waiter whose Vary values differ from the leader's may lead or wait once more
    return take(wait.answer(outcome), exchange);
  }

  /** Throws the shared call's failure as the client threw it to the caller that made the call. */
  private static IOException rethrow(Throwable failure) {
    if (failure instanceof IOException io) {
      return io;
    }
    if (failure instanceof RuntimeException unchecked) {
      throw unchecked;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException("the shared call failed", failure);
  }
}
