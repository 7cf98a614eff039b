package io.github.collapseexecutor.testing.annotation;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The futures a service under test handed out, in order, for the test to complete: a method that
 * returns {@link #next()} runs until the test ends it.
 */
public final class PendingFutures extends ConcurrentLinkedQueue<CompletableFuture<String>> {

  private static final long serialVersionUID = 1L;

  /** Returns a new pending future, added to the queue. */
  public CompletableFuture<String> next() {
    CompletableFuture<String> future = new CompletableFuture<>();
    add(future);
    return future;
  }
}
