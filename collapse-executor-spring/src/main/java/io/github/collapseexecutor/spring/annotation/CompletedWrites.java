package io.github.collapseexecutor.spring.annotation;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * How many writes have completed in the application: transactions committed by its transaction
 * managers and returns of {@link CollapseBarrier} methods. A {@link Collapsible} call's key holds
 * the count at its arrival, so a call that arrives after a write completed never joins a run that
 * started before: reads never go back in time. Callers that arrived before the write keep the run
 * they joined, which started no earlier than they did. The {@link LeaderRoutes} bean, if any, is
 * told of each write, so that runs on other instances keep the rule too.
 */
final class CompletedWrites {

  private static final CompletionStage<Void> COUNTED = CompletableFuture.completedFuture(null);

  private final AtomicLong count = new AtomicLong();

  /** When the last write completed, {@link System#nanoTime()}; set before the count moves. */
  private volatile long lastNanos;

  /** The routes that tell other instances of a write, found at the first write after startup. */
  private final Supplier<@Nullable LeaderRoutes> routes;

  private volatile @Nullable LeaderRoutes found;

  /** @param routes the application's routes, if any, asked for until found */
  CompletedWrites(Supplier<@Nullable LeaderRoutes> routes) {
    this.routes = routes;
  }

  /** Returns the writes completed so far. */
  long count() {
    return count.get();
  }

  /**
   * Records that a write completed: from now on, callers start runs of their own. Returns the
   * stage that completes once the routes told the other instances ({@link LeaderRoutes#written}):
   * let the write's caller go on after it. It never fails.
   */
  CompletionStage<Void> completed() {
    lastNanos = System.nanoTime();
    count.incrementAndGet();
    LeaderRoutes to = found;
    if (to == null) {
      to = routes.get();
      if (to == null) {
        return COUNTED;
      }
      found = to;
    }
    try {
      return to.written().exceptionally(failure -> null);
    } catch (RuntimeException failure) {
      // routes that fail as they are told keep the write on this instance
      return COUNTED;
    }
  }

  /** {@link #completed()} for a caller that may block: returns once the routes were told. */
  void completedHere() {
    completed().toCompletableFuture().join();
  }

  /**
   * Returns how long ago the last write completed, or {@code null} if none did: a run another
   * instance started earlier than that may not have seen it.
   */
  @Nullable Duration sinceLast() {
    if (count.get() == 0) {
      return null;
    }
    return Duration.ofNanos(Math.max(0, System.nanoTime() - lastNanos));
  }
}
