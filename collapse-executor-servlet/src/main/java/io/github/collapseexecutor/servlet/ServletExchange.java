package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.DetailCodec;
import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import io.github.collapseexecutor.http.adapter.ProducedResponse;
import io.github.collapseexecutor.http.adapter.ResponseRecording;
import io.github.collapseexecutor.http.adapter.ServerCollapser.Continuation;
import io.github.collapseexecutor.http.adapter.ServerExchange;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Enumeration;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * One pass of a request through the collapse filter, in the terms of the collapser: the rest of
 * the chain, a recording of the response, a replay onto it, and Servlet async processing for a
 * request that waits.
 */
final class ServletExchange implements ServerExchange<ServletException> {

  /**
   * The request attribute that carries a waiting request's continuation into its async dispatch:
   * the response it waited for varies on a header it sent differently, and it now leads or waits
   * among the requests that sent the same values.
   */
  private static final String CONTINUATION = ServletExchange.class.getName() + ".continuation";

  /**
   * The request attribute that carries the response a waiting request gets into its async
   * dispatch.
   */
  private static final String REPLAY = ServletExchange.class.getName() + ".replay";

  private static final DetailCodec<ProducedResponse> DETAIL =
      ProducedResponse.codec(ResponseSettings.CODEC);

  private final HttpServletRequest request;
  private final HttpServletResponse response;
  private final FilterChain chain;
  private @Nullable AsyncContext async;

  ServletExchange(HttpServletRequest request, HttpServletResponse response, FilterChain chain) {
    this.request = request;
    this.response = response;
    this.chain = chain;
  }

  /** Returns the continuation an async dispatch of {@code request} carries, and removes it. */
  static @Nullable Continuation takeContinuation(HttpServletRequest request) {
    Object next = request.getAttribute(CONTINUATION);
    request.removeAttribute(CONTINUATION);
    return next instanceof Continuation continuation ? continuation : null;
  }

  /** Returns the response an async dispatch of {@code request} carries, and removes it. */
  static @Nullable SharedResponse takeReplay(HttpServletRequest request) {
    Object shared = request.getAttribute(REPLAY);
    request.removeAttribute(REPLAY);
    return shared instanceof SharedResponse response ? response : null;
  }

  /**
   * What the chain produced travels with its settings
   * ({@link RecordingServletResponse#report}).
   */
  @Override
  public DetailCodec<ProducedResponse> detailCodec() {
    return DETAIL;
  }

  @Override
  public CompletionStage<?> proceed() throws IOException, ServletException {
    chain.doFilter(request, response);
    return DONE;
  }

  /**
   * The chain runs against this request's own response; the request is watched for a change of
   * its session only, and the response is read once the chain returned.
   */
  @Override
  public CompletionStage<?> observe(ResponseRecording recording)
      throws IOException, ServletException {
    ProducedHeaders outer = ProducedHeaders.since(ContainerHeaders.of(response));
    chain.doFilter(new SessionWatchingRequest(request, recording), response);
    if (request.isAsyncStarted()) {
      recording.notRecorded(
          recording.isStream(response.getContentType())
              ? UnsharedReason.STREAM
              : UnsharedReason.NOT_RECORDED);
    } else {
      recording.recorded(
          response.getStatus(),
          outer.of(ContainerHeaders.of(response), /* cleared= */ false).headers(),
          new byte[0],
          null);
    }
    return DONE;
  }

  @Override
  public CompletionStage<?> record(ResponseRecording recording)
      throws IOException, ServletException {
    RecordingServletResponse recorder = new RecordingServletResponse(response, recording);
    chain.doFilter(
        new SessionWatchingRequest(new AsyncAwareRequest(request, recorder), recording), recorder);
    if (request.isAsyncStarted()) {
      recording.notRecorded(unrecordedAsync(recorder, recording));
    } else {
      recorder.report(ServerObservation.of(request));
    }
    // the others are answered before this request's own client, which may be slow or gone
    recorder.finish();
    return DONE;
  }

  /**
   * Returns why the response of a chain that went async is not shared. Until the chain names a
   * content type, the request's {@code Accept} tells best what is to come: Spring MVC before 7
   * gives a server-sent event stream its content type only with the first event, which its sender
   * usually writes after the chain went async, and a request that accepts nothing but streams
   * (an {@code EventSource}'s {@code text/event-stream}) is answered with one.
   */
  private UnsharedReason unrecordedAsync(
      RecordingServletResponse recorder, ResponseRecording recording) {
    UnsharedReason reason = recorder.unrecorded();
    return reason != UnsharedReason.STREAM
            && recorder.getContentType() == null
            && acceptsOnlyStreams(recording)
        ? UnsharedReason.STREAM
        : reason;
  }

  private boolean acceptsOnlyStreams(ResponseRecording recording) {
    boolean any = false;
    for (Enumeration<String> values = request.getHeaders("Accept"); values.hasMoreElements(); ) {
      // every part, empty ones too, which are skipped as blank
      for (String range : values.nextElement().split(",", /* limit= */ -1)) {
        if (range.isBlank()) {
          continue;
        }
        if (!recording.isStream(range)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  @Override
  public CompletionStage<?> replay(SharedResponse shared) throws IOException, ServletException {
    AsyncContext suspended = async;
    if (suspended == null) {
      if (!ServletReplay.write(shared, request, response)) {
        chain.doFilter(request, response);
      }
    } else {
      // written on the request's own ASYNC dispatch, which the container begins only once the
      // thread that began the wait has left every filter: the filters before this one then find
      // the response as their own run of the chain would have left it, and none of them touches
      // it while it is written
      request.setAttribute(REPLAY, shared);
      suspended.dispatch();
    }
    return DONE;
  }

  @Override
  public boolean suspend(Runnable leave) {
    ServletReplay.rememberOuterHeaders(request, response);
    if (!request.isAsyncSupported()) {
      return false;
    }
    // the objects this filter got, not the container's: the replay then passes through the
    // response wrappers of the filters before this one, such as Spring Security's, which write
    // their headers when the response is committed, possibly before their own filter returns
    AsyncContext started = request.startAsync(request, response);
    // the collapser times the wait; the container's own timeout would end it at another moment
    started.setTimeout(0);
    started.addListener(new WaitListener(leave, CONTINUATION));
    async = started;
    return true;
  }

  @Override
  public CompletionStage<?> resume(@Nullable Continuation next) {
    if (next != null) {
      request.setAttribute(CONTINUATION, next);
    }
    // on a container thread, back through this filter: an ASYNC dispatch takes the continuation
    Objects.requireNonNull(async, "resumed without being suspended").dispatch();
    return DONE;
  }
}
