package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * Collapses identical inbound requests of an HTTP server: the first runs the rest of the chain
 * against a recording of its response, and the requests that arrive while it runs wait for it,
 * without holding a thread where the server can suspend them, and are then answered with a replay
 * of the recorded response written onto their own responses. An adapter builds the key and
 * translates its server's request, response and chain ({@link ServerExchange}); everything else
 * happens here.
 *
 * <pre>{@code
 * public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
 *     throws IOException, ServletException {
 *   ServletExchange exchange = new ServletExchange(request, response, chain);
 *   if (request.getDispatcherType() == DispatcherType.ASYNC) {
 *     // a request that waited and was dispatched back: it goes on where it was
 *     collapser.resume(ServletExchange.takeContinuation(request), exchange);
 *   } else {
 *     collapser.serve(keyFor(request), headers, exchange);
 *   }
 * }
 * }</pre>
 *
 * <p>What a waiting request gets:
 * <ul>
 *   <li>the response was recorded in full and may be shared: a replay of it
 *       ({@link ServerExchange#replay});</li>
 *   <li>the response may not be shared, or was not recorded ({@link ResponseRecording}), or the
 *       chain failed: the request runs the chain itself, as if collapse were off; a chain
 *       exception reaches only the request whose chain threw it;</li>
 *   <li>the response varies on a request header whose value the request sent differently: the
 *       waiting requests that sent the same values run the chain once between them, and the
 *       others get a replay of it;</li>
 *   <li>no response within {@link HttpCollapseOptions#waitTimeout()}: the request stops waiting
 *       and runs the chain itself.</li>
 * </ul>
 * The leading request's own end (its client went away) ends it alone: its chain goes on while
 * requests wait for it ({@link ResponseRecording#leave}), and they get what it produces as above,
 * never a response that came of that end.
 * A suspended request goes on through {@link ServerExchange#resume}, on a thread where the chain
 * may run, which calls {@link #resume} with the {@link Continuation} it was handed; the wait
 * timeout is timed by the JDK's timer of {@code CompletableFuture}, whose thread then calls
 * {@code resume} or {@code replay} of the exchange.
 */
@Incubating
public final class ServerCollapser extends HttpCollapser {

  /**
   * Creates a collapser with its own collapse executor, named {@link HttpCollapseOptions#name()}
   * or else {@code defaultName} (the adapter's {@code DEFAULT_NAME}).
   */
  public ServerCollapser(HttpCollapseOptions options, String defaultName) {
    super(options, defaultName);
  }

  /**
   * Serves a request with the given key: runs the chain for it (against a recording, when it
   * leads), or makes it wait and answers it later. A {@code null} key (a request no collapse group
   * takes) or headers that announce a body go through untouched:
   * {@link ServerExchange#proceed()} at once.
   *
   * @param key the request's key from {@link #rules()}, or {@code null}
   * @param request the request's headers, as the key saw them
   * @return the stage that completes when the request was answered; a suspended request is
   *     answered later
   * @throws IOException what the chain threw, for this request only
   * @throws X what the chain threw, for this request only
   */
  public <X extends Exception> CompletionStage<?> serve(
      @Nullable CollapseKey key, RequestHeaders request, ServerExchange<X> exchange)
      throws IOException, X {
    return take(protocol().join(key, request, exchange.observation()), exchange);
  }

  /**
   * Goes on with a request that was suspended, on a thread where the chain may run: the
   * continuation its exchange was handed in {@link ServerExchange#resume}, or {@code null} to run
   * the chain as if collapse were off (a request that comes back through the adapter for a reason
   * of its own).
   *
   * @return the stage that completes when the request was answered
   */
  public <X extends Exception> CompletionStage<?> resume(
      @Nullable Continuation next, ServerExchange<X> exchange) throws IOException, X {
    return take(next == null ? Pass.PASS : next.take(), exchange);
  }

  private <X extends Exception> CompletionStage<?> take(Turn turn, ServerExchange<X> exchange)
      throws IOException, X {
    if (turn instanceof Lead lead) {
      return lead(lead, exchange);
    }
    if (turn instanceof Wait wait) {
      ServerWait waiting = new ServerWait(wait, exchange);
      return exchange.suspend(waiting::leave)
          ? waiting.start()
          : take(wait.answer(waitHere(wait)), exchange);
    }
    if (turn instanceof Replay replay) {
      return exchange.replay(replay.response());
    }
    if (turn instanceof RecordHere here) {
      return record(here.lead(), exchange);
    }
    if (turn instanceof Observed observed) {
      return observe(observed, exchange);
    }
    return exchange.proceed();
  }

  /**
   * Runs the chain as if collapse were off ({@link ServerExchange#observe}), and tells what
   * collapse would have made of the response; a chain that threw or ended without a word is
   * counted as a leading request's chain that failed.
   */
  private static <X extends Exception> CompletionStage<?> observe(
      Observed observed, ServerExchange<X> exchange) throws IOException, X {
    boolean returned = false;
    try {
      CompletionStage<?> done = exchange.observe(new ResponseRecording(observed));
      returned = true;
      return done.whenComplete(
          (ignored, failure) ->
              observed.ended(failure == null ? null : UnsharedReason.LEADER_FAILED));
    } finally {
      if (!returned) {
        observed.ended(UnsharedReason.LEADER_FAILED);
      }
    }
  }

  /**
   * Leads: runs the chain, or takes the response another instance's chain produced
   * ({@link LeaderCall}), waiting for it at most the wait timeout: on this thread, while the
   * requests that wait for it here are suspended, or without a thread where the exchange may not
   * block ({@link #leadWithoutThread}). A response the chain ends after the chain returned (an
   * asynchronous request) is shared on this instance only.
   */
  @SuppressWarnings("unchecked") // a checked exception of the chain other than IOException is X
  private <X extends Exception> CompletionStage<?> lead(Lead lead, ServerExchange<X> exchange)
      throws IOException, X {
    if (!exchange.mayBlock()) {
      return leadWithoutThread(lead, exchange);
    }
    try {
      return lead.make(
          exchange.detailCodec(),
          new LeaderCall.Steps<CompletionStage<?>, Exception>() {
            @Override
            public CompletionStage<?> call() throws Exception {
              return record(lead, exchange);
            }

            @Override
            public CompletionStage<?> replay(SharedResponse shared) throws Exception {
              return exchange.replay(shared);
            }

            @Override
            public Exception interrupted() {
              new ResponseRecording(lead).end();
              return new InterruptedIOException("interrupted while another instance made the call");
            }
          });
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw (X) e;
    }
  }

  private static <X extends Exception> CompletionStage<?> record(
      Lead lead, ServerExchange<X> exchange) throws IOException, X {
    ResponseRecording recording = new ResponseRecording(lead);
    boolean returned = false;
    try {
      CompletionStage<?> done = exchange.record(recording);
      returned = true;
      return done.whenComplete((ignored, failure) -> recording.end());
    } finally {
      if (!returned) {
        // the chain threw: the waiting requests run it themselves, the exception is this one's
        recording.end();
      }
    }
  }

  /**
   * {@link #lead} for a request whose thread must not block ({@link ServerExchange#mayBlock()}):
   * a call made here runs the chain at once; once it waited for another instance, whatever it
   * does next (run the chain, for other instances or for itself, or replay another
   * instance's response) it does through {@link ServerExchange#resume}, on a thread where the
   * chain may run, never on the thread that answered its wait. Its request is answered once the
   * response its chain produced went where it goes, as a blocking one is.
   */
  private <X extends Exception> CompletionStage<?> leadWithoutThread(
      Lead lead, ServerExchange<X> exchange) throws IOException, X {
    CompletionStage<?> made =
        lead.makeAsync(
            exchange.detailCodec(),
            new LeaderCall.AsyncSteps<Object>() {
              @Override
              public CompletionStage<?> call() {
                return goOn(new RecordHere(lead), exchange);
              }

              @Override
              public CompletionStage<?> replay(SharedResponse shared) {
                return goOn(new Replay(shared), exchange);
              }

              @Override
              public void failed(Throwable unexpected) {
                new ResponseRecording(lead).end();
              }
            });
    return made == null ? record(lead, exchange) : made;
  }

  /**
   * Hands {@code turn} to the exchange to take on a thread where the chain may run; a turn it
   * cannot take there is {@linkplain Continuation#abandon abandoned}.
   */
  private static CompletionStage<?> goOn(Turn turn, ServerExchange<?> exchange) {
    Continuation next = new Continuation(turn);
    try {
      return exchange.resume(next);
    } catch (RuntimeException | Error failure) {
      next.abandon();
      return CompletableFuture.failedFuture(failure);
    }
  }

  /** Waits on this thread, for a request the server could not suspend; returns the outcome. */
  private @Nullable LeadOutcome waitHere(Wait wait) throws InterruptedIOException {
    try {
      return wait.future().get(wait.limitNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException waitedTooLong) {
      return wait.timedOut();
    } catch (ExecutionException | CancellationException noOutcome) {
      wait.leave();
      return null;
    } catch (InterruptedException interrupted) {
      throw wait.interrupted(interrupted);
    }
  }

  /**
   * Run the chain against a recording: what a leading request whose thread must not block does
   * once its call is to be made ({@link LeaderCall.AsyncSteps#call}).
   */
  record RecordHere(Lead lead) implements Turn {}

  /**
   * Where a suspended request goes on: the turn it takes next, carried by its adapter to a thread
   * where the chain may run (a servlet keeps it in a request attribute across a dispatch) and
   * handed back to {@link ServerCollapser#resume}. Taken once.
   */
  public static final class Continuation {

    private final Turn turn;
    private final AtomicBoolean taken = new AtomicBoolean();

    Continuation(Turn turn) {
      this.turn = turn;
    }

    Turn take() {
      return taken.compareAndSet(false, true) ? turn : Pass.PASS;
    }

    /**
     * Whether taking this continuation runs the chain for requests that wait on this one: it
     * leads its key. An adapter whose request was cancelled (its client went away) should still
     * take such a continuation if its chain can run without the request's own response, as it
     * lets the chain of a cancelled leading request go on for the others; any other continuation
     * of a cancelled request it {@linkplain #abandon abandons}.
     */
    public boolean leads() {
      return turn instanceof Lead || turn instanceof RecordHere;
    }

    /**
     * Gives up a continuation that its adapter could not hand back (the request ended before it
     * came back through the adapter): the requests that wait on this one's call are told to run
     * the chain themselves, or this one's place among waiting requests is given up. Does nothing
     * once the continuation was taken; idempotent.
     */
    public void abandon() {
      if (taken.compareAndSet(false, true)) {
        if (turn instanceof Lead lead) {
          new ResponseRecording(lead).end();
        } else if (turn instanceof RecordHere here) {
          new ResponseRecording(here.lead()).end();
        } else if (turn instanceof Wait wait) {
          wait.leave();
        }
      }
    }
  }
}
