package io.github.collapseexecutor.micrometer.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Values made once per key and kept, for keys of a small set (tags of a fixed set, names of
 * executors and groups): up to a bound, past which values are made again on each call, so that
 * keys made per call cannot grow it without end. Thread-safe.
 *
 * @param <K> the key
 * @param <V> the value made of it
 */
public final class BoundedMemo<K, V> {

  private final int bound;
  private final Function<K, V> make;
  private final Map<K, V> kept = new ConcurrentHashMap<>();

  /** Creates a memo that keeps at most {@code bound} values, each made by {@code make}. */
  public BoundedMemo(int bound, Function<K, V> make) {
    this.bound = bound;
    this.make = make;
  }

  /** Returns the value of {@code key}, made now if it is not kept. */
  public V get(K key) {
    V known = kept.get(key);
    if (known != null) {
      return known;
    }
    V value = make.apply(key);
    if (kept.size() < bound) {
      kept.putIfAbsent(key, value);
    }
    return value;
  }
}
