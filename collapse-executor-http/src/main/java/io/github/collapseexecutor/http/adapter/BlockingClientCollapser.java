package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Collapses the calls of a blocking HTTP client (RestClient and RestTemplate, OkHttp): the first
 * of a set of identical requests makes the call and buffers the response, the others wait for it
 * on their own threads, and each gets a response object of its own. An adapter describes the
 * request ({@link RequestTarget}) and translates its client's response
 * ({@link ClientDriver.Blocking}); everything else happens here.
 *
 * <pre>{@code
 * public final class CollapseInterceptor implements Interceptor, AutoCloseable {
 *   private final BlockingClientCollapser collapser;
 *
 *   public CollapseInterceptor(HttpCollapseOptions options) {
 *     collapser = new BlockingClientCollapser(options, "okhttp");
 *   }
 *
 *   public Response intercept(Chain chain) throws IOException {
 *     Request request = chain.request();
 *     RequestHeaders headers = RequestHeaders.of(request::headers, request.headers()::names);
 *     RequestTarget target = RequestTarget.builder(request.method(), request.url().uri())
 *         .headers(headers).hasBody(request.body() != null).build();
 *     return collapser.execute(target, new OkHttpDriver(chain));
 *   }
 *
 *   public void close() {
 *     collapser.close();
 *   }
 * }
 * }</pre>
 *
 * <p>What each caller gets:
 * <ul>
 *   <li>a shareable response whose body fits in {@link HttpCollapseOptions#maxBodyBytes()}: every
 *       caller, the one that made the call included, gets its own copy
 *       ({@link ClientDriver#replay}); when it varies on a request header whose value a waiting
 *       caller sent differently, that caller shares one call with the callers that sent the same
 *       values as it did instead;</li>
 *   <li>any other response, a stream among them: the caller that made the call gets it,
 *       streaming, as it arrives; the callers that waited make their own calls, as if collapse
 *       were off, and so do, without waiting, the next identical requests for a while
 *       (hit-for-pass);</li>
 *   <li>a shareable response whose body fails before its end (a reset, a close before the
 *       announced length, a read timeout): every caller gets what arrived of the body, then the
 *       same {@link IOException} from its body stream, where the client would have failed;</li>
 *   <li>a failed call ({@link IOException} or unchecked exception): every caller that waited for
 *       it gets the same exception, as the client would have thrown it, unless the caller that
 *       made it brought the failure on itself ({@link ClientDriver#causeOf}): when it left (a
 *       cancel, an interrupt), the callers that waited take the call over, the first of them
 *       making it again for the others; when its own deadline or read timeout ended it, only the
 *       callers whose limit of that kind is longer do, and the others get the exception;</li>
 *   <li>no response within {@link HttpCollapseOptions#waitTimeout()}: the caller that waited
 *       stops waiting and makes its own call, as if collapse were off; the call it waited for goes
 *       on for the others;</li>
 *   <li>no response within the caller's own deadline ({@link ClientDriver#ownWaitLimitNanos()})
 *       when that ends first: the caller stops waiting and fails with
 *       {@link ClientDriver.Blocking#ownLimitReached()}, as its call would have without
 *       collapse; likewise at its read timeout, when that is shorter than the read timeout of the
 *       caller that made the call ({@link ClientDriver.Blocking#readTimeoutReached()});</li>
 *   <li>an interrupt while it waits: the caller stops waiting, keeps its interrupt status and
 *       fails with an {@link InterruptedIOException}.</li>
 * </ul>
 */
@Incubating
public final class BlockingClientCollapser extends HttpCollapser {

  /**
   * Creates a collapser with its own collapse executor, named {@link HttpCollapseOptions#name()}
   * or else {@code defaultName} (the adapter's {@code DEFAULT_NAME}).
   */
  public BlockingClientCollapser(HttpCollapseOptions options, String defaultName) {
    super(options, defaultName);
  }

  /**
   * Sends {@code request} through {@code driver}, or shares the call in progress for an equal
   * key, and returns the caller's own response. A request that does not collapse (no key: see
   * {@link io.github.collapseexecutor.http.CollapseRules#keyFor(RequestTarget)}), or one with a
   * body, goes through untouched: {@link ClientDriver.Blocking#send()} at once. A write
   * ({@link #isWrite}) is counted once its response arrived: a request sent after that never
   * joins a call that started before.
   *
   * @throws IOException what the call threw, or the shared call that this caller waited for
   */
  public <R> R execute(RequestTarget request, ClientDriver.Blocking<R> driver) throws IOException {
    if (!isWrite(request.method())) {
      return execute(rules().keyFor(request), request, driver);
    }
    try {
      return execute(null, request, driver);
    } finally {
      // its response (or failure) is back: a read sent from now on must not join an earlier one
      protocol().written(rules().groupOf(request)).toCompletableFuture().join();
    }
  }

  /**
   * Sends {@code request} with the given key through {@code driver}, or shares the call in
   * progress for an equal key; a {@code null} key, or a request with a body, goes through
   * untouched.
   */
  private <R> R execute(
      @Nullable CollapseKey key, RequestTarget request, ClientDriver.Blocking<R> driver)
      throws IOException {
    return take(
        request.hasBody()
            ? protocol().passWithBody(key, driver.observation())
            : protocol()
                .join(key, request.headers(), driver.observation(), OwnLimits.of(key, driver)),
        driver);
  }

  private <R> R take(Turn turn, ClientDriver.Blocking<R> driver) throws IOException {
    if (turn instanceof Lead lead) {
      return lead(lead, driver);
    }
    if (turn instanceof Wait wait) {
      return await(wait, driver);
    }
    if (turn instanceof Replay replay) {
      return driver.replay(replay.response());
    }
    if (turn instanceof Failed failed) {
      throw SharedFailure.rethrow(failed.failure());
    }
    if (turn instanceof Observed observed) {
      return observed.send(driver);
    }
    return driver.send();
  }

  /**
   * Leads: makes the call, or takes the response another instance's call produced
   * ({@link LeaderCall}), waiting for it at most the wait timeout, and no longer than its own
   * deadline.
   */
  private <R> R lead(Lead lead, ClientDriver.Blocking<R> driver) throws IOException {
    return lead.make(
        driver.detailCodec(),
        new LeaderCall.Steps<R, IOException>() {
          @Override
          public R call() throws IOException {
            return BlockingClientCollapser.call(lead, driver);
          }

          @Override
          public R replay(SharedResponse shared) {
            return driver.replay(shared);
          }

          @Override
          public IOException interrupted() {
            InterruptedIOException left =
                new InterruptedIOException("interrupted while another instance made the call");
            // the callers that wait here take the call over, as from any leader that left
            lead.fail(left, FailureCause.CALLER_LEFT);
            return left;
          }
        });
  }

  /** Makes the call, and shares its response or failure with the callers that wait here. */
  private static <R> R call(Lead lead, ClientDriver.Blocking<R> driver) throws IOException {
    R live;
    try {
      live = driver.send();
    } catch (IOException | RuntimeException | Error failure) {
      lead.fail(failure, driver.causeOf(failure));
      throw failure;
    }
    try {
      ClientDriver.Head head = driver.head(live);
      UnsharedReason refusal = LiveResponse.refusal(lead.refusal(head.headers()), driver, live);
      if (refusal != null) {
        lead.refuse(refusal);
        return live;
      }
      BoundedBody body =
          BoundedBody.read(
              driver.body(live), lead.maxBodyBytes(), LiveResponse.announcedLength(head.headers()));
      if (!body.complete()) {
        lead.refuse(UnsharedReason.TOO_LARGE);
        return driver.withBody(live, body.stream());
      }
      // a body that ended in a failure is shared too: each caller reads what arrived, then the
      // failure, where its client reads the body, as it would have without collapse; unless the
      // failure is this caller's own, and a waiting caller's own call would have gone on
      SharedResponse shared =
          new SharedResponse(head, body.bytes(), body.failure(), lead.request());
      driver.close(live);
      lead.share(
          shared, body.failure() == null ? FailureCause.CALL : driver.causeOf(body.failure()));
      return driver.replay(shared);
    } catch (IOException | RuntimeException | Error failure) {
      driver.close(live);
      lead.fail(failure, driver.causeOf(failure));
      throw failure;
    }
  }

  private <R> R await(Wait wait, ClientDriver.Blocking<R> driver) throws IOException {
    boolean ownLimitFirst = wait.ownLimitFirst();
    boolean readTimeoutFirst = wait.readTimeoutFirst();
    LeadOutcome outcome;
    try {
      outcome = wait.future().get(wait.limitNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException waitedTooLong) {
      if (ownLimitFirst) {
        wait.ownLimitReached();
        throw readTimeoutFirst ? driver.readTimeoutReached() : driver.ownLimitReached();
      }
      outcome = wait.timedOut();
    } catch (ExecutionException failed) {
      throw SharedFailure.rethrow(Objects.requireNonNullElse(failed.getCause(), failed));
    } catch (InterruptedException interrupted) {
      throw wait.interrupted(interrupted);
    }
    // a waiter whose Vary values differ from the leader's may lead or wait once more
    return take(wait.answer(outcome), driver);
  }
}
