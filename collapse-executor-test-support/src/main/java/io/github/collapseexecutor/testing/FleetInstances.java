package io.github.collapseexecutor.testing;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.testing.http.GatedBackend;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What a test of an HTTP client across the fleet sets up: a {@link GatedBackend} both instances
 * call, a {@link TestFleet} on the Redis of {@link LocalRedis}, and a coordinator per instance,
 * each closed with what the test adds, in reverse order.
 *
 * <pre>{@code
 * private final FleetInstances instances = new FleetInstances();
 *
 * @BeforeEach void start() { baseUrl = instances.start(); }   // skipped without Redis
 * @AfterEach void stop() throws Exception { instances.close(); }
 * }</pre>
 */
public final class FleetInstances implements AutoCloseable {

  private final GatedBackend backend = new GatedBackend();
  private final TestFleet fleet = new TestFleet();
  private final Deque<AutoCloseable> closing = new ArrayDeque<>();
  private FleetCoordinator last;

  /** Skips the test without Redis; starts the backend and returns its base URL. */
  public String start() {
    LocalRedis.assumeRunning();
    return backend.start();
  }

  /** Returns the backend both instances call. */
  public GatedBackend backend() {
    return backend;
  }

  /** Connects the next instance's coordinator, once it coordinates. */
  public FleetCoordinator coordinator() throws Exception {
    last = closeLater(fleet.connect());
    return last;
  }

  /** Closes {@code closeable} with the instances; returns it. */
  public <T extends AutoCloseable> T closeLater(T closeable) {
    closing.push(closeable);
    return closeable;
  }

  /** Waits, at most 30 s, until a caller of the last instance watches another's call. */
  public void awaitLastWatching() {
    FleetTestAccess.awaitWatching(last, 1);
  }

  /** Returns the fleet, for a scan of its keyspace. */
  public TestFleet fleet() {
    return fleet;
  }

  /** Stops the backend and closes what the test added, each even if another fails. */
  @Override
  public void close() {
    backend.stop();
    IllegalStateException failed = null;
    while (!closing.isEmpty()) {
      try {
        closing.pop().close();
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        if (failed == null) {
          failed = new IllegalStateException("an instance failed to close", e);
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
