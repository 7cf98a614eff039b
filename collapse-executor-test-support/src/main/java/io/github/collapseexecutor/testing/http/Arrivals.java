package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.CallObserver;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Holds an endpoint's answers until every caller of a round has set off, then for the endpoint's
 * latency: the callers of a round then overlap with its calls however slowly a busy machine
 * starts them.
 *
 * <p>A caller sets off either by {@link #arrive()}, just before its request, or, through the
 * observations of {@link #inCollapse()}, once the adapter under test has given it its place: it
 * leads a call, waits for one, or goes through on its own. A test that asserts how many calls a
 * round made counts arrivals the second way, since a caller that called {@code arrive()} may
 * still be on its way to the adapter when the latency has passed.
 */
public final class Arrivals {

  /** How long the endpoint takes to answer once every caller has set off. */
  public static final Duration LATENCY = Duration.ofMillis(300);

  private volatile CountDownLatch expected = new CountDownLatch(0);

  /** Starts a round of {@code callers} callers. */
  public void expect(int callers) {
    expected = new CountDownLatch(callers);
  }

  /** Tells that a caller of the round sets off; call it just before the caller's request. */
  public void arrive() {
    expected.countDown();
  }

  /**
   * Returns observations for the options of the adapter under test that tell each request's
   * arrival once the adapter has given it its place, and never again for that request (not when
   * it regroups by {@code Vary} or falls back to a call of its own). A round that counts
   * arrivals this way does not call {@link #arrive()} as well.
   */
  public CallObserver.Factory inCollapse() {
    return Placements.observing(
        () -> {
          AtomicBoolean placed = new AtomicBoolean();
          return () -> {
            if (placed.compareAndSet(false, true)) {
              arrive();
            }
          };
        });
  }

  /** Waits, at most 10 s, until every caller of the round has set off. */
  public void await() {
    try {
      expected.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits, at most 10 s, until every caller of the round has set off, then the latency. */
  public void awaitThenAnswer() {
    await();
    try {
      Thread.sleep(LATENCY.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
