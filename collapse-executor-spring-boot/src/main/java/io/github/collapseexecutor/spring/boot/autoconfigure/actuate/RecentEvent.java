package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.http.UnsharedReason;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One thing an executor did, as the {@code collapse} endpoint lists it among the recent events.
 * Fields that do not apply to the type are {@code null}.
 *
 * @param time when it was recorded
 * @param executor the executor's name
 * @param type {@code batch} (a batch, or a shared call or run), {@code unshared} (an HTTP request
 *     that got or gave no shared response), {@code rejected} or {@code timed-out} (a caller that
 *     stopped waiting)
 * @param size for a batch: how many calls it served
 * @param waitMillis for a batch: time from the first call to the start of the work
 * @param executeMillis for a batch: time the work took
 * @param failure for a batch that failed as a whole: the exception's class
 * @param group for {@code unshared}: the collapse group's name
 * @param reason for {@code unshared}: the reason's tag, as the {@code unshared} counts show it
 */
public record RecentEvent(Instant time, String executor, String type, @Nullable Integer size,
    @Nullable Double waitMillis, @Nullable Double executeMillis, @Nullable String failure,
    @Nullable String group, @Nullable String reason) {

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  static RecentEvent batch(Instant time, BatchReport report) {
    return new RecentEvent(time, report.executorName(), "batch", report.size(),
        report.collectNanos() / NANOS_PER_MILLI, report.executeNanos() / NANOS_PER_MILLI,
        report.failure() == null ? null : report.failure().getClass().getName(), null, null);
  }

  static RecentEvent unshared(Instant time, String executor, @Nullable String group,
      UnsharedReason reason) {
    return new RecentEvent(time, executor, "unshared", null, null, null, null, group,
        reason.tag());
  }

  static RecentEvent dropped(Instant time, String executor, String type) {
    return new RecentEvent(time, executor, type, null, null, null, null, null, null);
  }
}
