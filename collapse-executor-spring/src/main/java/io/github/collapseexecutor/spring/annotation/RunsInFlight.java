package io.github.collapseexecutor.spring.annotation;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jspecify.annotations.Nullable;

/**
 * The runs of one {@link Collapsible} method in flight, by their key apart from the writes
 * completed when they started ({@link CallKey#writes()}). A caller that arrives after a write
 * never joins a run that started before it, so a run that starts while an equal key's run from
 * before a write is still in flight exists only because of that write: {@link #started} tells
 * so, for the endpoint and the meters to count (a read in a read-write transaction is such a
 * write, and splits a burst of equal calls into several runs). Only leaders come here, once as
 * their run starts and once as it ends.
 */
final class RunsInFlight {

  private final ConcurrentMap<CallKey, Flights> byKey = new ConcurrentHashMap<>();

  /**
   * Records that a run of {@code key} ({@link CallKey#withWrites withWrites(0)}: the call's key
   * apart from its writes) started after {@code writes} writes; returns whether a run of the key
   * that started before one of them is still in flight.
   */
  boolean started(CallKey key, long writes) {
    return byKey
        .merge(key, new Flights(new long[] {writes}, false), (flying, one) -> flying.plus(writes))
        .afterWrite();
  }

  /** Records that the run of {@code key} after {@code writes} writes, which started, ended. */
  void ended(CallKey key, long writes) {
    byKey.computeIfPresent(key, (same, flying) -> flying.minus(writes));
  }

  /** Returns how many keys have runs in flight. */
  int keys() {
    return byKey.size();
  }

  /**
   * The runs of one key in flight, as the writes each saw as it started (rarely more than a few,
   * one for each write during the longest of them), and whether the last to start began after a
   * write one of the others had not seen.
   */
  private static final class Flights {

    private final long[] writes;
    private final boolean afterWrite;

    Flights(long[] writes, boolean afterWrite) {
      this.writes = writes;
      this.afterWrite = afterWrite;
    }

    boolean afterWrite() {
      return afterWrite;
    }

    Flights plus(long started) {
      boolean after = false;
      for (long each : writes) {
        after |= each < started;
      }
      long[] more = Arrays.copyOf(writes, writes.length + 1);
      more[writes.length] = started;
      return new Flights(more, after);
    }

    /** Returns these runs without one that saw {@code ended}, or {@code null} if none is left. */
    @Nullable Flights minus(long ended) {
      int last = writes.length - 1;
      if (last == 0) {
        return null;
      }
      int at = 0;
      while (at < last && writes[at] != ended) {
        at++;
      }
      long[] fewer = Arrays.copyOf(writes, last);
      System.arraycopy(writes, at + 1, fewer, at, last - at);
      return new Flights(fewer, false);
    }
  }
}
