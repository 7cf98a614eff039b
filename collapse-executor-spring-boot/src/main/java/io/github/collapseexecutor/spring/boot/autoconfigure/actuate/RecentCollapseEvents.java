package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseListener;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RecentEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jspecify.annotations.Nullable;

/**
 * The last events of every executor it listens to, for the {@code collapse} endpoint: batches and
 * shared calls, HTTP requests that got no shared response with the reason, rejections and
 * timeouts. A ring of fixed capacity: recording one event is one small allocation and two atomic
 * writes, with no lock; the oldest event is overwritten. Most events are overwritten unread, so
 * an event's {@link RecentEvent} is made only when {@link #list()} reads it. A capacity of 0 keeps nothing, and the
 * auto-configuration then does not listen at all. Thread-safe.
 */
final class RecentCollapseEvents implements HttpCollapseListener {

  /** The most events that may be kept, so that the ring stays small. */
  static final int MAX_CAPACITY = 1000;

  private final AtomicReferenceArray<Entry> ring;
  private final AtomicLong recorded = new AtomicLong();

  /**
   * Creates an empty ring.
   *
   * @throws IllegalArgumentException if {@code capacity} is not between 0 and
   *     {@value #MAX_CAPACITY}
   */
  RecentCollapseEvents(int capacity) {
    if (capacity < 0 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException(
          "recent events must be between 0 and " + MAX_CAPACITY + ": " + capacity);
    }
    this.ring = new AtomicReferenceArray<>(capacity);
  }

  /** Returns whether events are kept: the capacity is not 0. */
  boolean isRecording() {
    return ring.length() > 0;
  }

  /** Returns the kept events, newest first. */
  List<RecentEvent> list() {
    long end = recorded.get();
    int capacity = ring.length();
    List<RecentEvent> events = new ArrayList<>(capacity);
    for (long sequence = end - 1; sequence >= Math.max(0, end - capacity); sequence--) {
      Entry entry = ring.get(slot(sequence));
      // a writer may have taken the slot without filling it yet, or lapped the reader
      if (entry != null && entry.sequence == sequence) {
        events.add(entry.event());
      }
    }
    return events;
  }

  @Override
  public void batchCompleted(BatchReport report) {
    add(report.executorName(), "batch", report, null, null);
  }

  @Override
  public void callRejected(String executorName) {
    add(executorName, "rejected", null, null, null);
  }

  @Override
  public void callTimedOut(String executorName) {
    add(executorName, "timed-out", null, null, null);
  }

  @Override
  public void requestUnshared(String executorName, CollapseGroup group, UnsharedReason reason) {
    add(executorName, "unshared", null, group.name(), reason);
  }

  private void add(
      String executor,
      String type,
      @Nullable BatchReport report,
      @Nullable String group,
      @Nullable UnsharedReason reason) {
    if (!isRecording()) {
      return;
    }
    long sequence = recorded.getAndIncrement();
    ring.set(
        slot(sequence),
        new Entry(sequence, System.currentTimeMillis(), executor, type, report, group, reason));
  }

  private int slot(long sequence) {
    return (int) (sequence % ring.length());
  }

  /** What an event is made of, as it was reported. */
  private record Entry(
      long sequence,
      long epochMillis,
      String executor,
      String type,
      @Nullable BatchReport report,
      @Nullable String group,
      @Nullable UnsharedReason reason) {

    RecentEvent event() {
      Instant time = Instant.ofEpochMilli(epochMillis);
      if (report != null) {
        return RecentEvent.batch(time, report);
      }
      return reason != null
          ? RecentEvent.unshared(time, executor, group, reason)
          : RecentEvent.dropped(time, executor, type);
    }
  }
}
