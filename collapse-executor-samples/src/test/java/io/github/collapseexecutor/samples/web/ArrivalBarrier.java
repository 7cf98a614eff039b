package io.github.collapseexecutor.samples.web;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A filter before the collapse filter that holds each request until every request of a test has
 * arrived (at most 10 s), then lets them all through at once: identical requests reach the
 * collapse filter together, however the client and the container schedule them.
 */
final class ArrivalBarrier implements Filter {

  private volatile CountDownLatch arrivals = new CountDownLatch(0);

  /** Holds the next {@code requests} requests until they have all arrived. */
  void expect(int requests) {
    arrivals = new CountDownLatch(requests);
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    CountDownLatch latch = arrivals;
    latch.countDown();
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new ServletException("requests did not all arrive: " + latch.getCount());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServletException(e);
    }
    chain.doFilter(request, response);
  }
}
