package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.CollapseProtocol;
import io.github.collapseexecutor.http.adapter.Outcome;
import io.github.collapseexecutor.http.adapter.ResponseSnapshot;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * Collapses identical inbound GET and HEAD requests: the first runs the filter chain, its response
 * is recorded, and the requests that arrived while it ran get a replay of it (status, the headers
 * the chain produced but the hop-by-hop ones, body) instead of running the chain themselves.
 *
 * <p>The filters before this one run for every request, the waiting ones too, so each waiting
 * request keeps the headers its own filters set (a request id, a trace header, CORS headers,
 * Spring Security's headers), and a replay does not copy the leading request's values of them:
 * only what the filters after this one and the servlet set is shared.
 *
 * <pre>{@code
 * FilterRegistration.Dynamic collapse = servletContext.addFilter("collapse",
 *     new CollapseServletFilter(options));
 * collapse.setAsyncSupported(true);
 * collapse.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC),
 *     true, "/*");
 * }</pre>
 *
 * <p>Waiting requests do not hold a container thread: they start Servlet async processing and are
 * answered when the shared response is ready, in the order they arrived. A replay that fits in the
 * response buffer is written by the thread that recorded the shared response, straight to its
 * client's socket, and the container completes it; a larger one is written from the container's
 * pool. A small write waits only when the client's socket cannot take it, that is when the client
 * has left a full send buffer unread. When the chain cannot run asynchronously
 * ({@code isAsyncSupported()} is false), a waiting request blocks its thread instead.
 *
 * <p>What a waiting request gets:
 * <ul>
 *   <li>the shared response is recorded in full and may be shared: a replay of it;</li>
 *   <li>the response may not be shared ({@code Set-Cookie}, {@code Cache-Control: private}
 *       without a credential, {@code Vary: *}, a body over
 *       {@link HttpCollapseOptions#maxBodyBytes()}, {@code sendError}, {@code sendRedirect}, a
 *       stream's content type such as {@code text/event-stream}, or the chain went async itself;
 *       see {@code docs/http.md}), or the chain threw an exception:
 *       the waiting request runs the chain itself, as if collapse were off, through an async
 *       dispatch to its own URI; after a response that may not be shared, the next identical
 *       requests run the chain at once for a while (hit-for-pass);</li>
 *   <li>the response varies on a request header whose value the waiting request sent
 *       differently: the waiting requests that sent the same values run the chain once between
 *       them, through an async dispatch of one of them, and the others get a replay of it;</li>
 *   <li>the response did not arrive within {@link HttpCollapseOptions#waitTimeout()}: the
 *       waiting request stops waiting and runs the chain itself, the same way.</li>
 * </ul>
 * A chain exception reaches only the request whose chain threw it.
 *
 * <p>A stream is never held back: from the moment the chain sets a stream's content type
 * ({@code text/event-stream}, {@code application/x-ndjson} and the like), what it writes goes
 * straight to its own client, each event as the chain flushes it, and the requests that waited
 * for it make their own calls at once ({@code UnsharedReason.STREAM}).
 *
 * <p>Map it for the {@code REQUEST} and {@code ASYNC} dispatcher types, mark it async-supported,
 * and place it after the filters that authenticate or otherwise decide per request, so that every
 * request still passes them: a request that runs the chain after waiting re-enters at this filter
 * on an {@code ASYNC} dispatch, which this filter passes through.
 */
public final class CollapseServletFilter implements Filter, AutoCloseable {

  /**
   * The name of the collapse executor when the options have none: the name that listener
   * reports, meters, the actuator endpoint and the log show. The auto-configuration names its
   * filter so too.
   */
  public static final String DEFAULT_NAME = "servlet";

  /** The request attribute that holds the client's certificate chain of a TLS connection. */
  private static final String CLIENT_CERTIFICATES = "jakarta.servlet.request.X509Certificate";

  /**
   * The request attribute that carries a waiting request's next turn into its async dispatch:
   * the response it waited for varies on a header it sent differently, and it now leads or waits
   * among the requests that sent the same values.
   */
  private static final String REGROUPED_TURN = CollapseServletFilter.class.getName() + ".turn";

  private final CollapseProtocol protocol;
  private final long waitTimeoutMillis;

  /**
   * Creates a filter with its own collapse executor, named {@link HttpCollapseOptions#name()}
   * or else {@link #DEFAULT_NAME}.
   */
  public CollapseServletFilter(HttpCollapseOptions options) {
    this.protocol = new CollapseProtocol(options, DEFAULT_NAME);
    this.waitTimeoutMillis = Math.max(1, options.waitTimeout().toMillis());
  }

  /** Returns the counters of this filter. */
  public HttpCollapseStats stats() {
    return protocol.stats();
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    if (!(req instanceof HttpServletRequest request)
        || !(res instanceof HttpServletResponse response)) {
      chain.doFilter(req, res);
      return;
    }
    if (req.getDispatcherType() != DispatcherType.REQUEST) {
      // an ASYNC dispatch is a waiting request that goes on: regrouped, or running the chain
      // itself; or it is the app's own
      Object regrouped = req.getAttribute(REGROUPED_TURN);
      req.removeAttribute(REGROUPED_TURN);
      take(regrouped instanceof CollapseProtocol.Turn turn ? turn : CollapseProtocol.Pass.PASS,
          request, response, chain);
      return;
    }
    RequestHeaders headers = RequestHeaders.of(name -> {
      Enumeration<String> values = request.getHeaders(name);
      return values.hasMoreElements() ? Collections.list(values) : List.of();
    }, () -> Collections.list(request.getHeaderNames()));
    take(protocol.join(keyFor(request, headers), headers), request, response, chain);
  }

  private void take(CollapseProtocol.Turn turn, HttpServletRequest request,
      HttpServletResponse response, FilterChain chain) throws IOException, ServletException {
    if (turn instanceof CollapseProtocol.Lead lead) {
      lead(request, response, chain, lead);
    } else if (turn instanceof CollapseProtocol.Wait wait) {
      ServletReplay.rememberOuterHeaders(request, response);
      if (request.isAsyncSupported()) {
        waitAsync(request, response, wait);
      } else {
        waitBlocking(request, response, chain, wait);
      }
    } else if (turn instanceof CollapseProtocol.Replay replay) {
      if (!ServletReplay.write(replay.snapshot(), request, response)) {
        chain.doFilter(request, response);
      }
    } else {
      chain.doFilter(request, response);
    }
  }

  /** Returns the key of {@code request}; the protocol passes it all the same if it has a body. */
  private @Nullable CollapseKey keyFor(HttpServletRequest request, RequestHeaders headers) {
    String uri = request.getRequestURI();
    String context = request.getContextPath();
    String path = context != null && uri.startsWith(context) ? uri.substring(context.length()) : uri;
    return protocol.rules().keyFor(request.getMethod(), request.getScheme(),
        request.getServerName(), request.getServerPort(), path, uri, request.getQueryString(),
        headers, caller(request), request.getRemoteAddr());
  }

  /**
   * Who the container or an earlier filter (Spring Security) says the caller is, and the TLS
   * client certificate: credentials that need not be in the headers. {@code null} if neither.
   */
  private static @Nullable Object caller(HttpServletRequest request) {
    Principal principal = request.getUserPrincipal();
    Object certificates = request.getAttribute(CLIENT_CERTIFICATES);
    if (principal == null && certificates == null) {
      return null;
    }
    return Arrays.asList(principal == null ? null : principal.getName(),
        certificates instanceof Object[] chain ? Arrays.asList(chain) : certificates);
  }

  private static void lead(HttpServletRequest request, HttpServletResponse response,
      FilterChain chain, CollapseProtocol.Lead lead) throws IOException, ServletException {
    // a stream is refused as soon as the chain says it is one: the waiting requests make their
    // own calls at once, while this one's client reads the events as the chain flushes them
    RecordingResponse recording = new RecordingResponse(response, lead.maxBodyBytes(),
        () -> lead.refuse(UnsharedReason.STREAM));
    UnsharedReason refusal = UnsharedReason.LEADER_FAILED;
    ResponseSnapshot snapshot = null;
    try {
      chain.doFilter(new AsyncAwareRequest(request, recording), recording);
      snapshot = request.isAsyncStarted() ? null
          : recording.snapshot(lead.request(), ServerObservation.of(request));
      refusal = snapshot == null ? recording.unrecorded() : lead.refusal(snapshot.headers());
    } finally {
      // the others are answered before this request's own client, which may be slow or gone
      if (refusal == null) {
        lead.share(snapshot);
      } else {
        lead.refuse(refusal);
      }
    }
    recording.finish();
  }

  private void waitAsync(HttpServletRequest request, HttpServletResponse response,
      CollapseProtocol.Wait wait) {
    // the objects this filter got, not the container's: the replay then passes through the
    // response wrappers of the filters before this one, such as Spring Security's, which write
    // their headers when the response is committed, possibly before their own filter returns
    AsyncContext async = request.startAsync(request, response);
    async.setTimeout(waitTimeoutMillis);
    AtomicBoolean settled = new AtomicBoolean();
    async.addListener(new AsyncListener() {
      @Override
      public void onTimeout(AsyncEvent event) {
        if (settled.compareAndSet(false, true)) {
          wait.answer(wait.timedOut());
          async.dispatch();
        }
      }

      @Override
      public void onError(AsyncEvent event) {
        if (settled.compareAndSet(false, true)) {
          wait.leave();
        }
      }

      @Override
      public void onComplete(AsyncEvent event) {
        // a regrouped turn the dispatch did not take (this filter is not mapped for ASYNC):
        // end it, so that the requests of its group do not wait for it
        Object untaken = event.getSuppliedRequest().getAttribute(REGROUPED_TURN);
        if (untaken instanceof CollapseProtocol.Lead lead) {
          lead.refuse(UnsharedReason.LEADER_FAILED);
        } else if (untaken instanceof CollapseProtocol.Wait regrouped) {
          regrouped.leave();
        }
      }

      @Override
      public void onStartAsync(AsyncEvent event) {}
    });
    wait.future().whenComplete((outcome, failure) -> {
      if (settled.compareAndSet(false, true)) {
        if (answersWithoutBlocking(outcome, async)) {
          answerAsync(async, wait, outcome);
        } else {
          async.start(() -> answerAsync(async, wait, outcome));
        }
      }
    });
  }

  /**
   * Whether to answer on the thread that completes the shared response: a fallback, which is a
   * dispatch, or a replay that fits in the response's buffer, which the container writes to the
   * socket in one piece as soon as its last byte is written. Answering those in place keeps the
   * container's queue free for the next requests, among them the one that starts the next shared
   * call; a larger body, which may take several writes, goes through a container thread, so that
   * one slow client cannot hold up the others.
   */
  private static boolean answersWithoutBlocking(@Nullable Outcome outcome,
      AsyncContext async) {
    return outcome == null || outcome.snapshot() == null
        || outcome.snapshot().bodyLength() <= async.getResponse().getBufferSize();
  }

  private static void answerAsync(AsyncContext async, CollapseProtocol.Wait wait,
      @Nullable Outcome outcome) {
    CollapseProtocol.Turn turn = wait.answer(outcome);
    if (!(turn instanceof CollapseProtocol.Replay replay)) {
      if (turn != CollapseProtocol.Pass.PASS) {
        // leading or waiting among the requests with the same Vary values: on a container
        // thread, through this filter again
        async.getRequest().setAttribute(REGROUPED_TURN, turn);
      }
      async.dispatch();
      return;
    }
    boolean written = true;
    try {
      written = ServletReplay.write(replay.snapshot(), (HttpServletRequest) async.getRequest(),
          (HttpServletResponse) async.getResponse());
    } catch (IOException clientGone) {
      // this request's client went away while it was answered; nobody is left to tell
    } finally {
      if (written) {
        async.complete();
      }
    }
    if (!written) {
      // the filters before took its writer and the shared body is bytes: it runs the chain
      async.dispatch();
    }
  }

  private void waitBlocking(HttpServletRequest request, HttpServletResponse response,
      FilterChain chain, CollapseProtocol.Wait wait) throws IOException, ServletException {
    Outcome outcome = null;
    try {
      outcome = wait.future().get(waitTimeoutMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      outcome = wait.timedOut();
    } catch (ExecutionException | CancellationException e) {
      wait.leave();
    } catch (InterruptedException e) {
      wait.leave();
      Thread.currentThread().interrupt();
      throw new ServletException("interrupted while waiting for a collapsed request", e);
    }
    take(wait.answer(outcome), request, response, chain);
  }

  @Override
  public void destroy() {
    close();
  }

  /**
   * Stops collapsing: requests in progress get their responses as usual, and later requests pass
   * through untouched. Idempotent; the container calls it through {@link #destroy()}, a Spring
   * context when it closes.
   */
  @Override
  public void close() {
    protocol.close();
  }

  /** Stops holding the body back as soon as the chain goes async: the response is not shared. */
  private static final class AsyncAwareRequest extends HttpServletRequestWrapper {

    private final RecordingResponse recording;

    AsyncAwareRequest(HttpServletRequest request, RecordingResponse recording) {
      super(request);
      this.recording = recording;
    }

    @Override
    public AsyncContext startAsync() {
      passThrough();
      return super.startAsync();
    }

    @Override
    public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
      passThrough();
      return super.startAsync(request, response);
    }

    private void passThrough() {
      try {
        recording.passThrough();
      } catch (IOException e) {
        throw new IllegalStateException("could not write the held back body", e);
      }
    }
  }
}
