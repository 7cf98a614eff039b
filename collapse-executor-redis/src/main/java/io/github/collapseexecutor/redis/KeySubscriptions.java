package io.github.collapseexecutor.redis;

import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shard channels this instance subscribes to, on a server with sharded pub/sub: the channel
 * of each key that a caller of this instance waits for, subscribed ({@code SSUBSCRIBE}) when the
 * first caller starts to wait for the key and unsubscribed when the last one stops. On a cluster
 * each goes to the node of its slot, so an instance hears the ends of the calls it waits for
 * only, and no node forwards them to the others.
 *
 * <p>Both commands of a channel are sent while its entry is locked, so that they reach Redis in
 * the order the callers came and go. A server that drops a channel by itself (its slot moved to
 * another node, at a failover) says so ({@code sunsubscribe}); {@link #dropped} tells it from
 * the answer to this instance's own {@code SUNSUBSCRIBE}, so that the callers that waited on it
 * stop waiting rather than wait out the lease.
 */
final class KeySubscriptions {

  private final StatefulRedisPubSubConnection<String, byte[]> connection;
  private final ConcurrentHashMap<String, Held> held = new ConcurrentHashMap<>();

  KeySubscriptions(StatefulRedisPubSubConnection<String, byte[]> connection) {
    this.connection = connection;
  }

  /**
   * Counts one more caller waiting on {@code channel}, subscribing to it if it is the first;
   * release the returned hold when done with it.
   */
  Held acquire(String channel) {
    return held.compute(
        channel,
        (name, existing) -> {
          // a subscription that failed is tried again by the next caller to wait
          Held hold =
              existing != null && !existing.subscribed.isCompletedExceptionally()
                  ? existing
                  : subscribe(name);
          hold.holders++;
          return hold;
        });
  }

  private Held subscribe(String channel) {
    Held hold = new Held(channel);
    try {
      connection
          .async()
          .ssubscribe(channel)
          .whenComplete(
              (ok, failure) -> {
                if (failure == null) {
                  hold.subscribed.complete(null);
                } else {
                  hold.subscribed.completeExceptionally(failure);
                }
              });
    } catch (RuntimeException closed) {
      hold.subscribed.completeExceptionally(closed);
    }
    return hold;
  }

  /** Counts one caller fewer on the hold's channel, unsubscribing when none is left. */
  void release(Held hold) {
    held.computeIfPresent(
        hold.channel,
        (name, current) -> {
          if (current != hold || --current.holders > 0) {
            return current;
          }
          unsubscribe(name);
          return null;
        });
  }

  /**
   * Returns whether the server dropped {@code channel} while callers wait on it, and forgets it
   * then: a subscription it confirmed, that this instance did not end. The answer to this
   * instance's own {@code SUNSUBSCRIBE} comes before the confirmation of a later subscription.
   */
  boolean dropped(String channel) {
    Held hold = held.get(channel);
    if (hold == null || !hold.subscribed.isDone() || hold.subscribed.isCompletedExceptionally()) {
      return false;
    }
    return held.remove(channel, hold);
  }

  /**
   * Subscribes again, one at a time, to every channel that callers wait on, after a connection
   * of the client came back: the client subscribes again by itself, but on a cluster in one
   * {@code SSUBSCRIBE} for every channel a node had, which the node refuses when they are in
   * different slots ({@code CROSSSLOT}), leaving them unsubscribed. A channel still subscribed
   * is subscribed again at no cost.
   */
  // nothing waits for the answers: a channel left unsubscribed is one whose ends go unheard,
  // which the tier's probe finds (it looks for leases gone while callers wait)
  @SuppressWarnings("FutureReturnValueIgnored")
  void resubscribeAll() {
    held.forEach(
        (channel, hold) -> {
          if (hold.subscribed.isDone() && !hold.subscribed.isCompletedExceptionally()) {
            try {
              connection.async().ssubscribe(channel);
            } catch (RuntimeException closed) {
              // closed: the tier is going down, and nothing waits on the channel any longer
            }
          }
        });
  }

  /**
   * Forgets {@code channel}, so that the next caller to wait on it subscribes again: an end
   * published on it went unheard, so the subscription may be gone without the server saying so.
   */
  void forget(String channel) {
    held.remove(channel);
  }

  /** Returns how many channels are subscribed now. */
  int size() {
    return held.size();
  }

  // nothing waits for the answer: no watch is left on the channel to hear what still comes
  @SuppressWarnings("FutureReturnValueIgnored")
  private void unsubscribe(String channel) {
    try {
      connection.async().sunsubscribe(channel);
    } catch (RuntimeException closed) {
      // a closed connection holds no subscription
    }
  }

  /** The subscription of one channel while callers wait on it. */
  static final class Held {

    private final String channel;

    /** Completes when Redis confirmed the subscription. */
    final CompletableFuture<Void> subscribed = new CompletableFuture<>();

    /** Guarded by the entry's lock in {@link #held}. */
    private int holders;

    private Held(String channel) {
      this.channel = channel;
    }
  }
}
