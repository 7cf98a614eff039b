package io.github.collapseexecutor.redis;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * The leases of this instance whose end did not reach Redis: the command that ended the call
 * failed or came late, typically because the master died under it. A replica promoted in its place
 * still holds such a lease, and every instance's caller of the key would wait for it until it runs
 * out. Once Redis answers again the probe ends them ({@link #endAgain}): the end frees only a lease
 * still held by the same token, so a call another instance leads by then keeps its key, and the
 * end it publishes wakes only the callers that wait for this token's call. Bounded in number and
 * kept no longer than the lease time, after which Redis has freed the key by itself.
 */
final class UnendedLeases {

  /** How many unended leases are kept at most; beyond it they run out by themselves. */
  static final int MAX_KEPT = 4096;

  private final long leaseNanos;

  /** When each lease, keyed by its digest and token, was taken at the latest. */
  private final Map<Lease, Long> unended = new ConcurrentHashMap<>();

  UnendedLeases(FleetOptions options) {
    this.leaseNanos = options.leaseTime().toNanos();
  }

  /** Returns {@code sent}, the end of lease {@code token} of {@code digest}, kept if it fails. */
  // the callback only keeps an end that failed: the sender waits on sent, which this returns
  @SuppressWarnings("FutureReturnValueIgnored")
  CompletableFuture<Long> track(String digest, String token, CompletableFuture<Long> sent) {
    long sentAt = System.nanoTime();
    sent.whenComplete(
        (finished, failure) -> {
          if (failure != null) {
            dropExpired();
            if (unended.size() < MAX_KEPT) {
              // an end sent again keeps the time of the first, so that it ages out with its lease
              unended.putIfAbsent(new Lease(digest, token), sentAt);
            }
          }
        });
    return sent;
  }

  /**
   * Sends the end of every unended lease again with {@code release}; a lease is forgotten once
   * Redis answered it, or once it ran out. Nothing waits for the answers.
   */
  @SuppressWarnings("FutureReturnValueIgnored") // nothing waits for the answers, as said above
  void endAgain(BiFunction<String, String, CompletableFuture<Long>> release) {
    dropExpired();
    for (Lease lease : unended.keySet()) {
      release.apply(lease.digest(), lease.token()).thenRun(() -> unended.remove(lease));
    }
  }

  /** Returns how many leases are unended now, for tests. */
  int size() {
    return unended.size();
  }

  private void dropExpired() {
    long now = System.nanoTime();
    unended.values().removeIf(sentAt -> now - sentAt >= leaseNanos);
  }

  private record Lease(String digest, String token) {}
}
