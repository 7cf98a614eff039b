package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.testing.redis.RedisServer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What a test starts and stops after it, also when it failed: the threads of its callers, and
 * its servers, coordinators and clients, closed in the reverse order of their start, so that a
 * coordinator closes before the server under it.
 */
final class TestResources implements AutoCloseable {

  /** Threads for the test's concurrent callers. */
  final ExecutorService callers = Executors.newCachedThreadPool();

  private final Deque<AutoCloseable> closing = new ArrayDeque<>();

  /** Closes {@code resource} after the test, before what was added earlier; returns it. */
  <T extends AutoCloseable> T add(T resource) {
    closing.push(resource);
    return resource;
  }

  /** Starts a server of the test's own with the settings of {@code builder}. */
  RedisServer own(RedisServer.Builder builder) throws Exception {
    return add(builder.start());
  }

  /** Closes everything, the last added first; fails with what failed to close, if anything. */
  @Override
  public void close() {
    callers.shutdownNow();
    IllegalStateException failed = null;
    while (!closing.isEmpty()) {
      try {
        closing.pop().close();
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        if (failed == null) {
          failed = new IllegalStateException("a resource of the test did not close", e);
        } else {
          failed.addSuppressed(e);
        }
      }
    }
    if (failed != null) {
      throw failed;
    }
  }
}
