package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.WriteScope;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jspecify.annotations.Nullable;

/**
 * Counts the writes an adapter saw complete, so that a read never goes back in time: a read that
 * arrives after a write completed never joins a call that started before it, which may have read
 * the state from before the write. Each call in progress is entered under its flight and the
 * count of writes when it started ({@link #stamp}); a read that arrives after another write
 * finds no call under its own count and starts one, while the earlier call ends for the reads
 * that joined it before the write completed, as they would have overlapped the write anyway.
 *
 * <p>A write is counted once its response is complete, before its caller can act on it: for a
 * client, once the response's head arrived; for a server, as its response begins to leave (and
 * again when its chain returns). Until then, a read that joins an earlier call overlapped the
 * write, and may see either state.
 *
 * <p>Lock-free: a write costs an atomic increment or two, a read a volatile read.
 */
final class WriteClock {

  private final AtomicLong all = new AtomicLong();
  private final AtomicLongArray byGroup;

  /** When the last write completed ({@link System#nanoTime()}), in all and in each group. */
  private final AtomicLongArray lastWritten;

  private final boolean ownGroup;

  WriteClock(WriteScope scope, int groups) {
    this.ownGroup = scope == WriteScope.OWN_GROUP;
    this.byGroup = new AtomicLongArray(ownGroup ? groups : 0);
    this.lastWritten = new AtomicLongArray(ownGroup ? groups : 1);
  }

  /**
   * Returns whether a request with {@code method} is a write: its method is not safe (RFC 9110
   * section 9.2.1), so the server may change state for it.
   */
  static boolean isWrite(String method) {
    return switch (method.toUpperCase(Locale.ROOT)) {
      case "GET", "HEAD", "OPTIONS", "TRACE" -> false;
      default -> true;
    };
  }

  /**
   * Counts a write that completed, whose path the groups place in {@code group} (-1 for none),
   * and returns whether it concerns any group.
   */
  boolean written(int group) {
    long now = System.nanoTime();
    if (!ownGroup) {
      lastWritten.set(0, now);
    } else if (group >= 0) {
      lastWritten.set(group, now);
    }
    // counted after the time is set: a reader that sees the count sees that time or a later one
    all.incrementAndGet();
    if (ownGroup && group >= 0) {
      byGroup.incrementAndGet(group);
    }
    return !ownGroup || group >= 0;
  }

  /**
   * Returns how long ago the last write that concerns {@code group} completed, or {@code null}
   * if none did: a call of another instance that started before it may not have seen it.
   */
  @Nullable Duration sinceLastWrite(int group) {
    long writes = ownGroup ? byGroup.get(group) : all.get();
    if (writes == 0) {
      return null;
    }
    return Duration.ofNanos(Math.max(0, System.nanoTime() - lastWritten.get(ownGroup ? group : 0)));
  }

  /**
   * Returns the key of the call for {@code flight}: the flight itself while no write that
   * concerns it completed, else the flight with that count.
   */
  CallKey stamp(FlightKey flight) {
    int group = flight.key().group();
    long writes = ownGroup ? byGroup.get(group) : all.get();
    return writes == 0 ? flight : new Stamped(flight, writes);
  }

  /** The call of {@code flight} that started after {@code writes} writes that concern it. */
  record Stamped(FlightKey flight, long writes) implements CallKey {

    @Override
    public String toString() {
      // the flight's own toString hides what a request sent; keep it that way
      return flight + " after " + writes + " writes";
    }
  }
}
