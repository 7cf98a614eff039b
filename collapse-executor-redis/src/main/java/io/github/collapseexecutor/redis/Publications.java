package io.github.collapseexecutor.redis;

import io.lettuce.core.pubsub.RedisPubSubAdapter;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Wakes the callers that wait for another instance's call: one pattern subscription per
 * coordinator receives the end of every call in the fleet ({@code token:1} when its result was
 * stored, {@code token:0} when not), and hands it to the local watches of that call. Redis
 * re-subscribes the pattern by itself after a reconnect.
 */
final class Publications extends RedisPubSubAdapter<String, byte[]> {

  /** How a watched call ended, as this instance learnt it. */
  enum Signal {
    /** Its result is in Redis. */
    STORED,
    /** It ended without a result to share. */
    NOT_SHARED,
    /** Redis stopped answering: no end will be heard. */
    TIER_DOWN
  }

  private final RedisNames names;
  private final ConcurrentHashMap<String, Set<Watch>> watches = new ConcurrentHashMap<>();

  Publications(RedisNames names) {
    this.names = names;
  }

  /** Returns the message that ends the call of lease {@code token}. */
  static byte[] message(String token, boolean stored) {
    return (token + (stored ? ":1" : ":0")).getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Starts watching for the end of the call that lease {@code token} makes for {@code digest};
   * from here on no end is missed. Close the watch when done with it.
   */
  Watch watch(String digest, String token) {
    Watch watch = new Watch(digest + ":" + token);
    watches.compute(watch.call, (call, set) -> {
      Set<Watch> added = set == null ? ConcurrentHashMap.newKeySet() : set;
      added.add(watch);
      return added;
    });
    return watch;
  }

  /** Returns how many watches are open, for tests that gate a call until its waiters watch. */
  int watching() {
    return watches.values().stream().mapToInt(Set::size).sum();
  }

  @Override
  public void message(String pattern, String channel, byte[] message) {
    String text = new String(message, StandardCharsets.US_ASCII);
    int colon = text.lastIndexOf(':');
    if (colon < 0 || !channel.startsWith(names.channelPattern().replace("*", ""))) {
      return;
    }
    Set<Watch> set = watches.get(names.digestOf(channel) + ":" + text.substring(0, colon));
    if (set != null) {
      Signal signal = text.endsWith(":1") ? Signal.STORED : Signal.NOT_SHARED;
      set.forEach(watch -> watch.signal.complete(signal));
    }
  }

  /** Wakes every watch: Redis stopped answering, so their calls' ends may never arrive. */
  void releaseAll() {
    watches.values().forEach(set -> set.forEach(watch -> watch.signal.complete(Signal.TIER_DOWN)));
  }

  /** One caller's wait for the end of one call. */
  final class Watch implements AutoCloseable {

    private final String call;
    private final CompletableFuture<Signal> signal = new CompletableFuture<>();

    private Watch(String call) {
      this.call = call;
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
      return signal.<@Nullable Signal>thenApply(ended -> ended)
          .completeOnTimeout(null, nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
      watches.computeIfPresent(call, (key, set) -> {
        set.remove(this);
        return set.isEmpty() ? null : set;
      });
    }
  }
}
