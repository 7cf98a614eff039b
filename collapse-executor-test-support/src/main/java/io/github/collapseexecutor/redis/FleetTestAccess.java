package io.github.collapseexecutor.redis;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What the tests of the annotations need to see of a {@link FleetCoordinator} that its API does
 * not show: in its package, which the tests share on the class path.
 */
public final class FleetTestAccess {

  private FleetTestAccess() {}

  /**
   * Waits until {@code coordinator} coordinates through Redis, at most 30 s: the first client of
   * a JVM loads its network stack, which takes seconds on a loaded machine.
   */
  public static void awaitCoordinating(FleetCoordinator coordinator) throws Exception {
    coordinator.whenCoordinating().get(30, TimeUnit.SECONDS);
  }

  /** Returns how many callers of {@code coordinator} watch for another instance's call now. */
  public static int watching(FleetCoordinator coordinator) {
    return coordinator.watching();
  }

  /** Waits, at most 30 s, until {@code count} callers watch for another instance's call. */
  public static void awaitWatching(FleetCoordinator coordinator, int count) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (coordinator.watching() < count) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            "waited 30 s for "
                + count
                + " watching callers; "
                + coordinator.watching()
                + " are: "
                + coordinator.stats());
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }
}
