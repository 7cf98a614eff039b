package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import io.github.collapseexecutor.http.adapter.HttpCollapser;
import io.github.collapseexecutor.http.adapter.ServerCollapser;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Function;
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
 * answered when the shared response is ready, in the order they arrived. Each replay is written on
 * the waiting request's own {@code ASYNC} dispatch, which the container begins only once the thread
 * that started the wait has left every filter, so no filter before this one touches the response
 * while the replay writes it. When the chain cannot run asynchronously
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
 * <p>Reads never go back in time: once the response of a write (a request whose method is not
 * safe, such as a {@code POST}) begins to leave, a request that arrives never joins one that
 * started before, which may have read the state from before the write
 * ({@link io.github.collapseexecutor.http.WriteScope}). The first request's own end
 * is its own too: when its client goes away, its chain goes on and the others still get its
 * answer, whose body is held back until they have it; when its own async processing times out,
 * they never get that timeout's response, as a chain that goes async is not shared.
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
public final class CollapseServletFilter extends HttpCollapseAdapter<ServerCollapser>
    implements Filter {

  /** Its collapse executor's name when the options have none: see {@link HttpCollapseAdapter}. */
  public static final String DEFAULT_NAME = "servlet";

  private final Function<? super HttpServletRequest, ? extends @Nullable Object> keyPart;

  /** Creates a filter with its own collapse executor. */
  public CollapseServletFilter(HttpCollapseOptions options) {
    this(options, request -> null);
  }

  /**
   * Creates a filter as {@link #CollapseServletFilter(HttpCollapseOptions)} does, whose keys also
   * hold what {@code keyPart} reads of each request: what else decides the response the chain
   * gives, that neither the request's method, URI and key headers nor the caller's identity
   * say, such as the API version a framework resolves from a header of its choosing. Requests
   * share only if their parts are equal ({@code equals}); {@code null} is a part like any other.
   * Called on the request's thread before the request joins or runs the chain, only for a
   * request that may collapse; it must not throw: it returns a part equal to no other's for a
   * request it cannot read.
   *
   * <pre>{@code
   * new CollapseServletFilter(options, request -> request.getHeader("X-Api-Version"))
   * }</pre>
   */
  public CollapseServletFilter(
      HttpCollapseOptions options,
      Function<? super HttpServletRequest, ? extends @Nullable Object> keyPart) {
    super(new ServerCollapser(options, DEFAULT_NAME));
    this.keyPart = keyPart;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    if (!(req instanceof HttpServletRequest request)
        || !(res instanceof HttpServletResponse response)) {
      chain.doFilter(req, res);
      return;
    }
    if (req.getDispatcherType() == DispatcherType.REQUEST
        && HttpCollapser.isWrite(request.getMethod())) {
      ServletWrites.serve(
          collapser(), KeyedServletRequest.headers(request), request, response, chain);
      return;
    }
    ServletExchange exchange = new ServletExchange(request, response, chain);
    if (req.getDispatcherType() != DispatcherType.REQUEST) {
      SharedResponse replay = ServletExchange.takeReplay(request);
      if (replay != null) {
        // a waiting request that gets the response it waited for
        exchange.replay(replay);
        return;
      }
      // an ASYNC dispatch is a waiting request that goes on: regrouped, or running the chain
      // itself; or it is the app's own
      try {
        collapser().resume(ServletExchange.takeContinuation(request), exchange);
      } finally {
        // the container's error dispatch for what this run threw or sent comes before the
        // request completes, and the server's observation would take its handler's route
        ServerObservation.noteOwnRun(request);
      }
      return;
    }
    RequestHeaders headers = KeyedServletRequest.headers(request);
    collapser()
        .serve(
            KeyedServletRequest.keyFor(collapser().rules(), request, headers, keyPart),
            headers,
            exchange);
  }

  @Override
  public void destroy() {
    close();
  }
}
