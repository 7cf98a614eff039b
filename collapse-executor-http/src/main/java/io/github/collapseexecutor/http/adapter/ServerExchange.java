package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * One inbound request of an HTTP server, in the terms of a {@link ServerCollapser}: how to run the
 * rest of the server's chain for it, against its own response or against a recording, how to
 * write a shared response onto its own response, and how to stop holding its thread while it
 * waits. An adapter (a servlet filter, a WebFlux {@code WebFilter}) writes one class that
 * implements it over its server's request, response and chain, and nothing else of the collapse.
 *
 * <p>A servlet filter, for instance (its {@code doFilter} is in {@link ServerCollapser}'s
 * javadoc):
 *
 * <pre>{@code
 * final class ServletExchange implements ServerExchange<ServletException> {
 *   public CompletionStage<?> proceed() throws IOException, ServletException {
 *     chain.doFilter(request, response);
 *     return DONE;
 *   }
 *   public CompletionStage<?> record(ResponseRecording recording) ... {
 *     RecordingServletResponse recorder = new RecordingServletResponse(response, recording);
 *     chain.doFilter(request, recorder);
 *     recording.recorded(recorder.getStatus(), recorder.headers(), recorder.body(), null);
 *     recorder.writeHeldBody();   // this request's own client, after the others
 *     return DONE;
 *   }
 *   public boolean suspend(Runnable leave) {
 *     async = request.startAsync(request, response);
 *     async.setTimeout(0);        // the collapser times the wait
 *     async.addListener(...);     // onError: leave.run()
 *     return true;
 *   }
 *   public CompletionStage<?> resume(@Nullable Continuation next) {
 *     request.setAttribute(CONTINUATION, next);
 *     async.dispatch();           // back through the filter, on a container thread
 *     return DONE;
 *   }
 *   ...                           // replay: status, headers, body onto the response
 * }
 * }</pre>
 *
 * <p>Each method returns the stage that completes when what it started is done (the response
 * written, the chain returned); an adapter whose chain runs on the calling thread, like a
 * servlet's, returns {@link #DONE} once it is. {@link #proceed()} and {@link #record} run on a
 * thread where the chain may run: the thread of {@link ServerCollapser#serve} or
 * {@link ServerCollapser#resume}. An exception from them reaches this request only.
 *
 * @param <X> the checked exception the server's chain throws besides {@link IOException}, or
 *     {@link RuntimeException} if none
 */
@Incubating
public interface ServerExchange<X extends Exception> {

  /** A stage that is done: what a method returns once it did its work on the calling thread. */
  CompletionStage<Void> DONE = CompletableFuture.completedStage(null);

  /**
   * Returns the request's own observation when the server carries it elsewhere than on the
   * calling thread (in the exchange's attributes, say), or {@code null} for the one current on
   * the calling thread, the default.
   */
  default @Nullable Object observation() {
    return null;
  }

  /**
   * Returns whether the thread of a leading request may block while it waits for the response
   * of a call another instance of the application makes for it (with a tier across instances in
   * the options): {@code true}, the default, for a server whose requests each have a thread of their own (a
   * servlet container); {@code false} for one whose requests share an event loop (WebFlux). Such
   * a request then waits without a thread and goes on through {@link #resume}, as a suspended
   * request does, whether it runs the chain or replays another instance's response.
   */
  default boolean mayBlock() {
    return true;
  }

  /**
   * Returns how the detail this adapter records with a response
   * ({@link ResponseRecording#recorded}) travels to another instance, or {@code null} if it stays
   * on this one, the default: a response with a detail is then shared on this instance only. An
   * adapter that records a {@link ProducedResponse} returns {@link ProducedResponse#codec}, with
   * how its extension travels.
   */
  default @Nullable DetailCodec<?> detailCodec() {
    return null;
  }

  /**
   * Runs the rest of the chain for this request against its own response, as if collapse were
   * off. Called at most once per run through this filter, on a thread where the chain may run.
   */
  CompletionStage<?> proceed() throws IOException, X;

  /**
   * Runs the rest of the chain for this request against its own response, as {@link #proceed()}
   * does, for a request that the collapser only observes
   * ({@link io.github.collapseexecutor.http.HttpCollapseOptions#observeOnly()}), and tells
   * {@code recording} what collapse would have seen of the response, without changing anything
   * the chain writes: {@link ResponseRecording#unshareable} as {@link #record} does (a change of
   * session), then, once the chain is done, {@link ResponseRecording#recorded} with the status
   * and the headers the chain produced and an empty body, which is not held back, or
   * {@link ResponseRecording#notRecorded} with why the response would not have been recorded
   * (the chain went async, say). By default, {@link #proceed()} and nothing more: the response
   * counts as one collapse would have shared. Called at most once, on a thread where the chain
   * may run.
   */
  default CompletionStage<?> observe(ResponseRecording recording) throws IOException, X {
    return proceed();
  }

  /**
   * Runs the rest of the chain for this request, the one that leads, against a recording of its
   * response, and tells {@code recording} what the chain produced: {@link
   * ResponseRecording#recorded} when the whole response was held back, or {@link
   * ResponseRecording#notRecorded} with the reason it went straight to the client. Writes what was
   * held back to this request's own client after that, so that the waiting requests are answered
   * first. If it tells {@code recording} nothing (the chain threw, say), the waiting requests run
   * the chain themselves. If this request ends on its own while the chain runs (its client went
   * away), the adapter does not stop the chain but tells {@code recording} to
   * {@linkplain ResponseRecording#leave leave}, which stops it once no request waits for it any
   * more. Called at most once, on a thread where the chain may run.
   */
  CompletionStage<?> record(ResponseRecording recording) throws IOException, X;

  /**
   * Writes {@code shared} onto this request's own response: its status, its headers (but those
   * {@link SharedResponse#isHopByHop} names) and its body; and ends the request if it was
   * {@linkplain #suspend suspended}. A request whose response cannot take it (the server's own
   * rules forbid the write) runs the chain instead, as {@link #proceed()} would. Called at most
   * once, after a wait: on the thread that waited, or, for a suspended request, on the thread
   * that completed the shared response, which it must not hold up (a large body is written from
   * a thread of the server).
   */
  CompletionStage<?> replay(SharedResponse shared) throws IOException, X;

  /**
   * Stops holding the thread while this request waits for another's response, if the server
   * can: returns {@code true} once the request is suspended (the collapser then answers it later
   * through {@link #replay} or {@link #resume}, from another thread), or {@code false} to wait on
   * the calling thread. Called when a wait begins, on the thread of the request; an adapter that
   * must remember anything of the request before it waits does so here.
   *
   * @param leave to run if the request ends while it is suspended (its client went away, the
   *     server failed it): it leaves the shared call to the others
   */
  boolean suspend(Runnable leave);

  /**
   * Goes on with a suspended request on a thread where the chain may run, by calling
   * {@link ServerCollapser#resume} with {@code next} there (a servlet dispatches the request back
   * through its filter). Called at most once per suspension, from the thread that ended the wait;
   * and, for an exchange that may not block ({@link #mayBlock()}), once for a leading request
   * after it waited for another instance, from the thread that answered it.
   * A continuation the adapter could not hand back must be {@linkplain
   * ServerCollapser.Continuation#abandon abandoned}.
   *
   * @param next where the request goes on, or {@code null} to run the chain as if collapse were
   *     off
   */
  CompletionStage<?> resume(ServerCollapser.@Nullable Continuation next);
}
