package io.github.collapseexecutor.spring.http;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutionException;
import io.github.collapseexecutor.core.CollapseTimeoutException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The collapse step of the blocking client adapters, independent of the client library: the first
 * of a set of identical requests makes the call and buffers the response, the others wait for it
 * and each get a response object of their own.
 *
 * <p>What each caller gets:
 * <ul>
 *   <li>a shareable response (see {@link ReplayRules}) whose body fits in
 *       {@link HttpCollapseOptions#maxBodyBytes()}: every caller, the one that made the call
 *       included, gets its own copy;</li>
 *   <li>any other response: the caller that made the call gets it, streaming; the callers that
 *       waited make their own calls, as if collapse were off;</li>
 *   <li>a failed call ({@link IOException} or unchecked exception): every caller that waited for
 *       it gets the same exception, as the client would have thrown it;</li>
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

    /** Makes the call; the caller owns and closes the response. */
    R proceed() throws IOException;

    /** Returns the status code of {@code response}. */
    int status(R response) throws IOException;

    /** Returns the reason phrase of {@code response}, or {@code null}. */
    String reason(R response) throws IOException;

    /** Returns every header of {@code response}, in order. */
    List<Map.Entry<String, String>> headers(R response);

    /** Returns the body stream of {@code response}. */
    InputStream body(R response) throws IOException;

    /** Returns {@code response} with its body replaced by {@code body}; closing it closes both. */
    R withBody(R response, InputStream body);

    /** Returns what {@link #replay} needs besides status, headers and body, or {@code null}. */
    default Object detail(R response) {
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

  private final HttpCollapseOptions options;
  private final CollapseRules rules;
  private final BlockingCallableGroupCollapseExecutor executor;
  private final HttpCollapseStats stats;
  private final long waitTimeoutNanos;
  private volatile boolean closed;

  /** Creates a collapser with its own executor. */
  public BlockingHttpCollapser(HttpCollapseOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    this.rules = new CollapseRules(options);
    this.stats = new HttpCollapseStats(options.groups().size());
    this.waitTimeoutNanos = saturatedNanos(options.waitTimeout());
    this.executor = new BlockingCallableGroupCollapseExecutor(options.name(), options.listener());
  }

  /** Returns the rules that build keys. */
  public CollapseRules rules() {
    return rules;
  }

  /** Returns the counters. */
  public HttpCollapseStats stats() {
    return stats;
  }

  /**
   * Runs {@code exchange} for a request with the given key, or shares the call in progress for an
   * equal key; a {@code null} key passes through untouched.
   */
  public <R> R execute(CollapseKey key, RequestHeaders request, Exchange<R> exchange)
      throws IOException {
    if (key == null || closed) {
      stats.recordPassedThrough(key);
      return exchange.proceed();
    }
    Leader<R> mine = new Leader<>();
    long ownLimitNanos = exchange.ownWaitLimitNanos();
    boolean ownLimitFirst = ownLimitNanos < waitTimeoutNanos;
    ResponseSnapshot shared;
    try {
      shared = executor.execute(key, () -> mine.lead(exchange, request, options.maxBodyBytes()),
          ownLimitFirst ? Duration.ofNanos(Math.max(0, ownLimitNanos)) : options.waitTimeout());
    } catch (CollapseTimeoutException waitedTooLong) {
      if (mine.ran) {
        throw waitedTooLong;
      }
      // the executor already reported the timeout to the listener
      if (ownLimitFirst) {
        throw exchange.ownLimitReached();
      }
      stats.recordFellBack(key);
      return exchange.proceed();
    } catch (CollapseExecutionException wrapped) {
      throw unwrap(wrapped);
    } catch (IllegalStateException refused) {
      if (!closed || mine.ran) {
        throw refused;
      }
      // closed between the check above and the call: go through as if collapse were off
      stats.recordPassedThrough(key);
      return exchange.proceed();
    }
    if (mine.response != null) {
      stats.recordLed(key);
      return mine.response;
    }
    if (shared != null && shared.canServe(request)) {
      stats.recordReplayed(key);
      return exchange.replay(shared);
    }
    stats.recordFellBack(key);
    return exchange.proceed();
  }

  /**
   * Stops collapsing: calls in progress complete for every caller that shares them, and later
   * requests pass through untouched. Idempotent.
   */
  @Override
  public void close() {
    closed = true;
    executor.close();
  }

  private static long saturatedNanos(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }

  private static IOException unwrap(CollapseExecutionException wrapped) {
    Throwable cause = wrapped.getCause();
    if (cause instanceof IOException io) {
      return io;
    }
    if (cause instanceof InterruptedException) {
      InterruptedIOException interrupted =
          new InterruptedIOException("interrupted while waiting for a collapsed call");
      interrupted.initCause(wrapped);
      return interrupted;
    }
    throw wrapped;
  }

  /** What the caller that makes the call keeps for itself. */
  private static final class Leader<R> {

    R response;
    boolean ran;

    ResponseSnapshot lead(Exchange<R> exchange, RequestHeaders request, int maxBodyBytes)
        throws IOException {
      ran = true;
      R live = exchange.proceed();
      try {
        List<Map.Entry<String, String>> headers = exchange.headers(live);
        if (ReplayRules.refusal(headers) != null) {
          response = live;
          return null;
        }
        BoundedBody body = BoundedBody.read(exchange.body(live), maxBodyBytes);
        if (!body.complete()) {
          response = exchange.withBody(live, body.stream());
          return null;
        }
        ResponseSnapshot snapshot = new ResponseSnapshot(exchange.status(live),
            exchange.reason(live), headers, body.bytes(), request, exchange.detail(live));
        exchange.close(live);
        response = exchange.replay(snapshot);
        return snapshot;
      } catch (IOException | RuntimeException | Error failure) {
        if (response == null) {
          exchange.close(live);
        }
        throw failure;
      }
    }
  }
}
