package io.github.collapseexecutor.redis;

import io.lettuce.core.pubsub.RedisPubSubAdapter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Wakes the callers that wait for another instance's call: the end of a call ({@code token:1}
 * when its result was stored, {@code token:0} when not) arrives on its key's channel, and is
 * handed to the local watches of that call. Where the server has sharded pub/sub, an instance
 * subscribes to the channels of the keys it waits for ({@link KeySubscriptions}); else one
 * pattern subscription receives the end of every call in the fleet, and Redis re-subscribes it by
 * itself after a reconnect.
 */
final class Publications extends RedisPubSubAdapter<String, byte[]> {

  private static final CompletableFuture<Void> HEARD = CompletableFuture.completedFuture(null);

  /** How a watched call ended, as this instance learnt it. */
  enum Signal {
    /** Its result is in Redis. */
    STORED,
    /** It ended without a result to share. */
    NOT_SHARED,
    /** Redis stopped answering: no end will be heard. */
    TIER_DOWN,
    /**
     * Redis dropped the subscription to its key's channel (the slot moved): no end will be
     * heard.
     */
    UNHEARD,
    /**
     * Its lease is gone and no end was heard: published where this instance did not listen (a
     * failover moved the channel), or the lease ran out or was evicted. Its result may be there.
     */
    LEASE_GONE
  }

  private final RedisNames names;
  private final ConcurrentHashMap<String, Set<Watch>> watches = new ConcurrentHashMap<>();
  private volatile @Nullable KeySubscriptions perKey;

  Publications(RedisNames names) {
    this.names = names;
  }

  /** From here on, watches subscribe to the channels of their keys, rather than a pattern. */
  void subscribePerKey(KeySubscriptions subscriptions) {
    this.perKey = subscriptions;
  }

  /** Returns the message that ends the call of lease {@code token}. */
  static byte[] message(String token, boolean stored) {
    return (token + (stored ? ":1" : ":0")).getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Starts watching for the end of the call that lease {@code token} makes for {@code digest};
   * once {@link Watch#listening()} completes, no end is missed. Close the watch when done with it.
   */
  Watch watch(String digest, String token) {
    return watch(digest, token, /* counted= */ true);
  }

  /** {@link #watch} for the probe's own call, which {@link #watching()} does not count. */
  Watch probeWatch(String digest, String token) {
    return watch(digest, token, /* counted= */ false);
  }

  private Watch watch(String digest, String token, boolean counted) {
    KeySubscriptions subscriptions = perKey;
    Watch watch =
        new Watch(
            digest + ":" + token,
            counted,
            subscriptions == null ? null : subscriptions.acquire(names.channel(digest)));
    watches.compute(
        watch.call,
        (call, set) -> {
          Set<Watch> added = set == null ? ConcurrentHashMap.newKeySet() : set;
          added.add(watch);
          return added;
        });
    return watch;
  }

  /**
   * Returns how many watches are open and hear the end of their call, for tests that gate a call
   * until its waiters watch.
   */
  int watching() {
    return watches.values().stream()
        .mapToInt(
            set ->
                (int)
                    set.stream()
                        .filter(watch -> watch.counted && watch.listening().isDone())
                        .count())
        .sum();
  }

  /** Subscribes again to the channels callers wait on ({@link KeySubscriptions#resubscribeAll}). */
  void resubscribe() {
    KeySubscriptions subscriptions = perKey;
    if (subscriptions != null) {
      subscriptions.resubscribeAll();
    }
  }

  /** Returns how many channels this instance subscribes to per key now. */
  int keysSubscribed() {
    KeySubscriptions subscriptions = perKey;
    return subscriptions == null ? 0 : subscriptions.size();
  }

  @Override
  public void message(String pattern, String channel, byte[] message) {
    ended(channel, message);
  }

  @Override
  public void smessage(String channel, byte[] message) {
    ended(channel, message);
  }

  @Override
  public void sunsubscribed(String channel, long count) {
    KeySubscriptions subscriptions = perKey;
    String digest = names.digestOf(channel);
    if (digest != null && subscriptions != null && subscriptions.dropped(channel)) {
      watches.forEach(
          (call, set) -> {
            if (call.startsWith(digest + ":")) {
              set.forEach(watch -> watch.signal.complete(Signal.UNHEARD));
            }
          });
    }
  }

  private void ended(String channel, byte[] message) {
    String digest = names.digestOf(channel);
    String text = new String(message, StandardCharsets.US_ASCII);
    int colon = text.lastIndexOf(':');
    if (digest == null || colon < 0) {
      return;
    }
    Set<Watch> set = watches.get(digest + ":" + text.substring(0, colon));
    if (set != null) {
      Signal signal = text.endsWith(":1") ? Signal.STORED : Signal.NOT_SHARED;
      set.forEach(watch -> watch.signal.complete(signal));
    }
  }

  /**
   * Returns the calls whose watches have listened for longer than {@code nanos} and heard no end
   * yet, each as its digest and the token of its lease, for the probe to look for their leases.
   */
  List<String[]> unheardFor(long nanos) {
    long now = System.nanoTime();
    List<String[]> calls = new ArrayList<>();
    watches.forEach(
        (call, set) -> {
          if (set.stream()
              .anyMatch(
                  watch ->
                      watch.counted
                          && !watch.signal.isDone()
                          && watch.listening().isDone()
                          && now - watch.started > nanos)) {
            int colon = call.lastIndexOf(':');
            calls.add(new String[] {call.substring(0, colon), call.substring(colon + 1)});
          }
        });
    return calls;
  }

  /** Wakes the watches of the call of lease {@code token} for {@code digest}: its lease is gone. */
  void leaseGone(String digest, String token) {
    KeySubscriptions subscriptions = perKey;
    if (subscriptions != null) {
      subscriptions.forget(names.channel(digest));
    }
    Set<Watch> set = watches.get(digest + ":" + token);
    if (set != null) {
      set.forEach(watch -> watch.signal.complete(Signal.LEASE_GONE));
    }
  }

  /**
   * Wakes the watches of the calls whose digest {@code unanswered} holds for: their key's master
   * stopped answering, so their ends may never arrive.
   */
  void releaseWhere(Predicate<String> unanswered) {
    watches.forEach(
        (call, set) -> {
          if (unanswered.test(call.substring(0, call.lastIndexOf(':')))) {
            set.forEach(watch -> watch.signal.complete(Signal.TIER_DOWN));
          }
        });
  }

  /** Wakes every watch: Redis stopped answering, so their calls' ends may never arrive. */
  void releaseAll() {
    watches.values().forEach(set -> set.forEach(watch -> watch.signal.complete(Signal.TIER_DOWN)));
  }

  /** One caller's wait for the end of one call. */
  final class Watch implements AutoCloseable {

    private final String call;
    private final boolean counted;
    private final long started = System.nanoTime();
    private final KeySubscriptions.@Nullable Held subscription;
    private final CompletableFuture<Signal> signal = new CompletableFuture<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    private Watch(String call, boolean counted, KeySubscriptions.@Nullable Held subscription) {
      this.call = call;
      this.counted = counted;
      this.subscription = subscription;
    }

    /**
     * Returns a future that completes once the end of the call can be heard: at once under a
     * pattern subscription, when Redis confirmed the key's subscription otherwise.
     */
    CompletableFuture<Void> listening() {
      return subscription == null ? HEARD : subscription.subscribed;
    }

    /** Returns how the call ended, or {@code null} if no end came within {@code nanos}. */
    @Nullable Signal await(long nanos) throws InterruptedException {
      try {
        return signal.get(nanos, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        return null;
      } catch (ExecutionException e) {
        // nothing completes the signal exceptionally
        throw new IllegalStateException(e);
      }
    }

    /**
     * Returns a future of how the call ended, completed with {@code null} if no end came within
     * {@code nanos}: {@link #await} without blocking.
     */
    CompletableFuture<@Nullable Signal> end(long nanos) {
      return signal
          .<@Nullable Signal>thenApply(ended -> ended)
          .completeOnTimeout(null, nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
      if (closed.getAndSet(true)) {
        return;
      }
      watches.computeIfPresent(
          call,
          (key, set) -> {
            set.remove(this);
            return set.isEmpty() ? null : set;
          });
      KeySubscriptions subscriptions = perKey;
      if (subscription != null && subscriptions != null) {
        subscriptions.release(subscription);
      }
    }
  }
}
