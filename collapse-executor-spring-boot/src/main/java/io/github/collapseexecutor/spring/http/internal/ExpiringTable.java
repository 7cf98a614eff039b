package io.github.collapseexecutor.spring.http.internal;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
  private final long ttlNanos;
  private final int maxKeys;

  /** Creates a table that keeps at most {@code maxKeys} keys, each for {@code ttlNanos}. */
  ExpiringTable(long ttlNanos, int maxKeys) {
    this.ttlNanos = ttlNanos;
    this.maxKeys = maxKeys;
  }

  /** Returns what is remembered about {@code key}, or {@code null} if nothing (any more). */
  V get(K key) {
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

  /** Remembers {@code value} for {@code key} for the time to live, making room if full. */
  void put(K key, V value) {
    if (ttlNanos == 0 || maxKeys == 0) {
      return;
    }
    long now = System.nanoTime();
    // at most once per shared or refused call, not per request, so a lock keeps the size exact
    synchronized (this) {
      if (entries.size() >= maxKeys && !entries.containsKey(key)) {
        makeRoom(now);
      }
      entries.put(key, new Entry<>(value, now + ttlNanos));
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

  private void makeRoom(long now) {
    entries.values().removeIf(entry -> now - entry.expiry() >= 0);
    Iterator<K> any = entries.keySet().iterator();
    if (entries.size() >= maxKeys && any.hasNext()) {
      // all live: dropping one only costs its requests one more wait or one more shared call
      any.next();
      any.remove();
    }
  }
}
