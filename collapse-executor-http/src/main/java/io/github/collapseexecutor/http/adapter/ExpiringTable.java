package io.github.collapseexecutor.http.adapter;

import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * What the protocol remembers about a key for a while: the keys whose last response could not be
 * shared (hit-for-pass: requests go straight to the backend instead of waiting for a response they
 * would not get, as Varnish's hit-for-miss object and Fastly's hit-for-pass do), and the request
 * headers a key's responses vary on. Bounded in time and size; looking a key up takes no lock.
 *
 * @param <K> the key
 * @param <V> what is remembered about it
 */
final class ExpiringTable<K, V> {

  private record Entry<V>(V value, long expiry) {}

  private final Map<K, Entry<V>> entries = new ConcurrentHashMap<>();

  /**
   * The keys in the order they were added, oldest first, guarded by {@code this}: with one time to
   * live for every key, the oldest is the first to expire, so a full table drops it without a
   * scan. Holds keys already gone from {@link #entries} too, skipped when met.
   */
  private final ArrayDeque<K> added = new ArrayDeque<>();

  private final long ttlNanos;
  private final int maxKeys;

  /** Creates a table that keeps at most {@code maxKeys} keys, each for {@code ttlNanos}. */
  ExpiringTable(long ttlNanos, int maxKeys) {
    this.ttlNanos = ttlNanos;
    this.maxKeys = maxKeys;
  }

  /** Returns what is remembered about {@code key}, or {@code null} if nothing (any more). */
  @Nullable V get(K key) {
    if (ttlNanos == 0 || entries.isEmpty()) {
      return null;
    }
    Entry<V> entry = entries.get(key);
    if (entry == null) {
      return null;
    }
    if (System.nanoTime() - entry.expiry() < 0) {
      return entry.value();
    }
    entries.remove(key, entry);
    return null;
  }

  /**
   * Remembers {@code value} for {@code key} for the time to live. A full table first forgets its
   * oldest key, in constant time: a refused response must not cost a scan of the table, or
   * filling it would be a cheap way to slow every request down.
   */
  void put(K key, V value) {
    if (ttlNanos == 0 || maxKeys == 0) {
      return;
    }
    long now = System.nanoTime();
    // at most once per shared or refused call, not per request, so a lock keeps the size exact
    synchronized (this) {
      if (entries.put(key, new Entry<>(value, now + ttlNanos)) != null) {
        return;
      }
      added.addLast(key);
      // every key of the table is in the queue, so this ends before the queue does
      while (entries.size() > maxKeys && added.size() > 1) {
        K oldest = added.pollFirst();
        if (oldest.equals(key)) {
          added.addLast(oldest); // an earlier place of the key just added
        } else {
          entries.remove(oldest);
        }
      }
      if (added.size() > 2 * maxKeys) {
        // keys that expired, were forgotten or added again since: keep each live key once, at
        // its first place, which at most doubles the cost of the puts that filled the queue
        Set<K> live = new LinkedHashSet<>();
        for (K any : added) {
          if (entries.containsKey(any)) {
            live.add(any);
          }
        }
        added.clear();
        added.addAll(live);
      }
    }
  }

  /** Forgets {@code key}. */
  void remove(K key) {
    entries.remove(key);
  }

  /** Returns how many keys are remembered, expired ones not yet dropped included. */
  int size() {
    return entries.size();
  }
}
