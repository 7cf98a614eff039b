package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.adapter.ServerCollapser.Continuation;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;

/** What the container tells of a request suspended while it waits for another's response. */
final class WaitListener implements AsyncListener {

  private final Runnable leave;
  private final String continuation;

  /**
   * @param leave leaves the shared call, for a request the container ended while it waited
   * @param continuation the request attribute that carries a continuation into a dispatch
   */
  WaitListener(Runnable leave, String continuation) {
    this.leave = leave;
    this.continuation = continuation;
  }

  @Override
  public void onError(AsyncEvent event) {
    leave.run();
  }

  /**
   * Runs before the listener of the server's observation, which the filters before the collapse
   * filter added once the request began to wait, after this one.
   */
  @Override
  public void onComplete(AsyncEvent event) {
    ServerObservation.restoreOwnRun(event.getSuppliedRequest());
    // a continuation the dispatch did not take (this filter is not mapped for ASYNC): give it up,
    // so that the requests of its group do not wait for it
    if (event.getSuppliedRequest().getAttribute(continuation) instanceof Continuation untaken) {
      untaken.abandon();
    }
  }

  @Override
  public void onTimeout(AsyncEvent event) {
    // the collapser times the wait; the container has no timeout of its own for it
  }

  @Override
  public void onStartAsync(AsyncEvent event) {}
}
