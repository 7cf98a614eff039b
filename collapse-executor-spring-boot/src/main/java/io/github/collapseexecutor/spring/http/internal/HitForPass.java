package io.github.collapseexecutor.spring.http.internal;

import io.github.collapseexecutor.spring.http.CollapseKey;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The keys whose last response could not be shared, each for a while: requests with such a key go
 * straight to the backend instead of waiting for a response they would not get (Varnish's
 * hit-for-miss object, Fastly's hit-for-pass). Bounded in time and size; looking a key up takes
 * no lock.
 */
final class HitForPass {

  private final Map<CollapseKey, Long> expiries = new ConcurrentHashMap<>();
  private final long ttlNanos;
  private final int maxKeys;

  /** Creates a table that keeps at most {@code maxKeys} keys, each for {@code ttlNanos}. */
  HitForPass(long ttlNanos, int maxKeys) {
    this.ttlNanos = ttlNanos;
    this.maxKeys = maxKeys;
  }

  /** Returns whether requests with {@code key} should go straight to the backend now. */
  boolean contains(CollapseKey key) {
    if (ttlNanos == 0 || expiries.isEmpty()) {
      return false;
    }
    Long expiry = expiries.get(key);
    if (expiry == null) {
      return false;
    }
    if (System.nanoTime() - expiry < 0) {
      return true;
    }
    expiries.remove(key, expiry);
    return false;
  }

  /** Marks {@code key} for the time to live, making room if the table is full. */
  void remember(CollapseKey key) {
    if (ttlNanos == 0 || maxKeys == 0) {
      return;
    }
    long now = System.nanoTime();
    // rare (once per refused response and key and time to live), so a lock keeps the size exact
    synchronized (this) {
      if (expiries.size() >= maxKeys && !expiries.containsKey(key)) {
        makeRoom(now);
      }
      expiries.put(key, now + ttlNanos);
    }
  }

  /** Returns how many keys are marked, expired ones not yet dropped included. */
  int size() {
    return expiries.size();
  }

  private void makeRoom(long now) {
    expiries.values().removeIf(expiry -> now - expiry >= 0);
    Iterator<CollapseKey> any = expiries.keySet().iterator();
    if (expiries.size() >= maxKeys && any.hasNext()) {
      // all live: dropping one only lets its requests wait once more for a response
      any.next();
      any.remove();
    }
  }
}
