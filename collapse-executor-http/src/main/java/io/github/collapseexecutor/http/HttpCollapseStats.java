package io.github.collapseexecutor.http;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Counters of one adapter, for load benchmarks and dashboards; every adapter has them as
 * {@code stats()}. Each request is counted once, in exactly one of: {@link #passedThrough()},
 * {@link #led()}, {@link #replayed()}, {@link #fellBack()}. The number of calls the adapter made
 * (or, on a server, chain runs) is {@code passedThrough + led + fellBack}; {@code replayed} is what
 * collapse saved. A client request counts once it has its response: one that ends with an
 * exception instead (its call failed, the call it waited for failed, or its own time limit ended
 * its wait) is not counted.
 *
 * <p>{@link #unshared(UnsharedReason)} says why requests did not get a shared response: each
 * request that made a call whose response it could not share, each that fell back, and each that
 * went straight to the backend for hit-for-pass counts once under its reason.
 *
 * <p>The adapter's counters also have one child per collapse group, {@link #groups()}, that counts
 * the requests whose path matched that group, those with a body among its {@code passedThrough}.
 * The children add up to the adapter's counts less the requests no group took (a path that matches
 * no group, a method other than GET and HEAD), which are {@code passedThrough} of the adapter only.
 *
 * <p>An adapter that only observes ({@link HttpCollapseOptions#observeOnly()}) collapses nothing:
 * every request is {@link #passedThrough()}, and the figures of what collapse would do are
 * {@link #wouldJoin()}, {@link #wouldSave()}, {@link #fanIn()}, {@link #topKeys()}, and
 * {@link #unshared} for the reasons collapse would give, each measured on the response the
 * request really got.
 */
public interface HttpCollapseStats {

  /**
   * The upper bounds of the buckets of {@link #fanIn()}: runs of 1 caller, 2, 3 to 4, 5 to 8, 9 to
   * 16, 17 to 64; the last bucket counts the runs of more.
   */
  List<Integer> FAN_IN_BOUNDS = List.of(1, 2, 4, 8, 16, 64);

  /**
   * Requests that went through untouched: they could not collapse (method, no matching group, a
   * request body), the adapter was closed, or their key was marked for hit-for-pass.
   */
  long passedThrough();

  /** Requests that made the call other identical requests waited for. */
  long led();

  /** Requests served a copy of a response another request produced. */
  long replayed();

  /**
   * Requests that waited for another's call but made their own, because that response could not
   * be shared with them or did not arrive within the wait timeout; {@link #unshared} says why.
   */
  long fellBack();

  /** Requests that did not get or give a shared response for {@code reason}. */
  long unshared(UnsharedReason reason);

  /**
   * Requests whose key was widened from the start by the values of the request headers that a
   * recent response for the same key named in {@code Vary} (and the key does not hold), so that
   * they shared a call only with requests that sent the same values. Counted besides the one
   * counter each request is in; see {@link HttpCollapseOptions#varyTtl()}.
   */
  default long varyKeyed() {
    return 0;
  }

  /**
   * Requests that waited for a response that varies on a request header whose value they sent
   * differently, and then joined the requests that sent the same values as they did instead of
   * each making its own call: one of them made the call ({@link #led()}), the others shared it
   * ({@link #replayed()}). Counted besides the one counter each request is in.
   */
  default long regrouped() {
    return 0;
  }

  /**
   * Observing only: requests that arrived while the first request of an equal key (the same key
   * as collapse makes, credentials and all) was in progress, and would have joined its call.
   */
  default long wouldJoin() {
    return 0;
  }

  /**
   * Observing only: the {@link #wouldJoin()} requests whose own response collapse could have
   * shared: the backend calls (or server chain runs) collapse would have saved. The others are
   * among {@link #unshared}.
   */
  default long wouldSave() {
    return 0;
  }

  /**
   * Observing only: how many would-be shared calls had how many callers, the first one included,
   * one count per bucket of {@link #FAN_IN_BOUNDS} and one for the runs of more; empty when not
   * observing.
   */
  default List<Long> fanIn() {
    return List.of();
  }

  /**
   * Observing only: the keys with the most {@link #wouldJoin()} requests, most first, each shown
   * as its group's name and a short hash of the key, never a query or header value; counted in a
   * sketch of a few entries ({@link TopKeys}), so a count may be over the true one by the count of
   * a key it replaced, when the request that would have made the call ends.
   */
  default Map<String, Long> topKeys() {
    return Map.of();
  }

  /**
   * The sketch {@link #topKeys()} are counted in, also used for annotated methods and gRPC calls
   * that only observe: the keys counted most, in {@link #SIZE} entries however many keys there
   * are. It is the Space-Saving sketch of Metwally, Agrawal and El Abbadi (2005): a key not held
   * takes the place of the least counted one and starts from that one's count, so that a count is
   * never below the key's true count and over it by at most the count of the key it replaced.
   * Thread-safe.
   */
  final class TopKeys {

    /** How many keys a sketch holds. */
    public static final int SIZE = 10;

    private final Map<String, long[]> counts = new HashMap<>();

    /** Creates an empty sketch. */
    public TopKeys() {}

    /** Counts one more for {@code key}. */
    public void add(String key) {
      add(key, 1);
    }

    /**
     * Counts {@code count} more for {@code key}.
     *
     * @throws IllegalArgumentException if {@code count} is not positive
     */
    public synchronized void add(String key, long count) {
      if (count <= 0) {
        throw new IllegalArgumentException("count must be positive: " + count);
      }
      long[] held = counts.get(key);
      if (held != null) {
        held[0] += count;
        return;
      }
      if (counts.size() < SIZE) {
        counts.put(key, new long[] {count});
        return;
      }
      Map.@Nullable Entry<String, long[]> least = null;
      for (Map.Entry<String, long[]> entry : counts.entrySet()) {
        if (least == null || entry.getValue()[0] < least.getValue()[0]) {
          least = entry;
        }
      }
      // the map is full: there is a least one
      Map.Entry<String, long[]> replaced = Objects.requireNonNull(least);
      counts.remove(replaced.getKey());
      replaced.getValue()[0] += count;
      counts.put(key, replaced.getValue());
    }

    /** Returns the keys held with their counts, most counted first. */
    public synchronized Map<String, Long> top() {
      Map<String, Long> top = new LinkedHashMap<>();
      counts.entrySet().stream()
          .sorted((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]))
          .forEach(entry -> top.put(entry.getKey(), entry.getValue()[0]));
      return top;
    }
  }

  /**
   * Returns the counters of each collapse group, in the order of
   * {@link HttpCollapseOptions#groups()}; empty for the counters of a group.
   */
  List<HttpCollapseStats> groups();
}
