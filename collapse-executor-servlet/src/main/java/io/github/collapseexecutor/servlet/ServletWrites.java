package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.adapter.ServerCollapser;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Runs the chain of a write (a request whose method is not safe) and tells the collapser once it
 * is complete, so that no read that arrives after it joins a read that started before: as its
 * response begins to leave ({@link WriteResponse}), when the chain returns, and when
 * asynchronous processing it started ends.
 */
final class ServletWrites {

  private ServletWrites() {}

  /** Runs the chain of the write {@code request}, as a request no group takes. */
  static void serve(
      ServerCollapser collapser,
      RequestHeaders headers,
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain)
      throws IOException, ServletException {
    String path = KeyedServletRequest.matchPath(request);
    WriteResponse leaving = new WriteResponse(response, () -> collapser.written(path));
    try {
      collapser.serve(null, headers, new ServletExchange(request, leaving, chain));
    } finally {
      // counted now, and once more when its asynchronous processing ends: a listener added
      // after that end is never called
      collapser.written(path);
      if (request.isAsyncStarted()) {
        request.getAsyncContext().addListener(new Written(collapser, path));
      }
    }
  }

  /** Counts the write again when its asynchronous processing ends, however it ends. */
  private record Written(ServerCollapser collapser, String path) implements AsyncListener {

    @Override
    public void onComplete(AsyncEvent event) {
      collapser.written(path);
    }

    @Override
    public void onError(AsyncEvent event) {
      collapser.written(path);
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      collapser.written(path);
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
      // a new round of asynchronous processing: this listener is not carried over to it
      event.getAsyncContext().addListener(this);
    }
  }
}
