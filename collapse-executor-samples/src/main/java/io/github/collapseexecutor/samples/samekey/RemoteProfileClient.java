package io.github.collapseexecutor.samples.samekey;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stands in for a remote profile service: each call takes {@code latency} and is counted, so the
 * examples can show how many calls reached the service.
 */
public final class RemoteProfileClient implements ProfileClient {

  private final Duration latency;
  private final AtomicLong calls = new AtomicLong();

  public RemoteProfileClient(Duration latency) {
    this.latency = latency;
  }

  @Override
  public Profile load(long userId) throws InterruptedException {
    calls.incrementAndGet();
    Thread.sleep(latency.toMillis());
    return profileOf(userId);
  }

  @Override
  public CompletableFuture<Profile> loadAsync(long userId) {
    calls.incrementAndGet();
    // a non-blocking client: no thread waits while the response is on its way
    return CompletableFuture.supplyAsync(
        () -> profileOf(userId),
        CompletableFuture.delayedExecutor(latency.toNanos(), TimeUnit.NANOSECONDS));
  }

  /** Returns how many calls reached the service. */
  public long calls() {
    return calls.get();
  }

  private static Profile profileOf(long userId) {
    return new Profile(userId, "user " + userId);
  }
}
