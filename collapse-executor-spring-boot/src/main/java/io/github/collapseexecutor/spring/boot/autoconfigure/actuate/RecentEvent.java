package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.http.UnsharedReason;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One thing an executor did, as the {@code collapse} endpoint lists it among the recent events.
 * Fields that do not apply to the type are {@code null}.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({
  "time",
  "executor",
  "type",
  "size",
  "waitMillis",
  "executeMillis",
  "failure",
  "group",
  "reason"
})
public final class RecentEvent {

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  private final Instant time;
  private final String executor;
  private final String type;
  private final @Nullable Integer size;
  private final @Nullable Double waitMillis;
  private final @Nullable Double executeMillis;
  private final @Nullable String failure;
  private final @Nullable String group;
  private final @Nullable String reason;

  RecentEvent(
      Instant time,
      String executor,
      String type,
      @Nullable Integer size,
      @Nullable Double waitMillis,
      @Nullable Double executeMillis,
      @Nullable String failure,
      @Nullable String group,
      @Nullable String reason) {
    this.time = time;
    this.executor = executor;
    this.type = type;
    this.size = size;
    this.waitMillis = waitMillis;
    this.executeMillis = executeMillis;
    this.failure = failure;
    this.group = group;
    this.reason = reason;
  }

  static RecentEvent batch(Instant time, BatchReport report) {
    return new RecentEvent(
        time,
        report.executorName(),
        "batch",
        report.size(),
        report.collectNanos() / NANOS_PER_MILLI,
        report.executeNanos() / NANOS_PER_MILLI,
        report.failure() == null ? null : report.failure().getClass().getName(),
        null,
        null);
  }

  static RecentEvent unshared(
      Instant time, String executor, @Nullable String group, UnsharedReason reason) {
    return new RecentEvent(time, executor, "unshared", null, null, null, null, group, reason.tag());
  }

  static RecentEvent dropped(Instant time, String executor, String type) {
    return new RecentEvent(time, executor, type, null, null, null, null, null, null);
  }

  /** Returns when it was recorded. */
  @JsonProperty
  public Instant time() {
    return time;
  }

  /** Returns the executor's name. */
  @JsonProperty
  public String executor() {
    return executor;
  }

  /**
   * Returns {@code batch} (a batch, or a shared call or run), {@code unshared} (an HTTP request
   * that got or gave no shared response), {@code rejected} or {@code timed-out} (a caller that
   * stopped waiting).
   */
  @JsonProperty
  public String type() {
    return type;
  }

  /** Returns how many calls a batch served. */
  @JsonProperty
  public @Nullable Integer size() {
    return size;
  }

  /** Returns the time from a batch's first call to the start of its work. */
  @JsonProperty
  public @Nullable Double waitMillis() {
    return waitMillis;
  }

  /** Returns the time a batch's work took. */
  @JsonProperty
  public @Nullable Double executeMillis() {
    return executeMillis;
  }

  /** Returns the exception's class, for a batch that failed as a whole. */
  @JsonProperty
  public @Nullable String failure() {
    return failure;
  }

  /** Returns the collapse group's name, for {@code unshared}. */
  @JsonProperty
  public @Nullable String group() {
    return group;
  }

  /** Returns the reason's tag, for {@code unshared}, as the {@code unshared} counts show it. */
  @JsonProperty
  public @Nullable String reason() {
    return reason;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof RecentEvent that
        && time.equals(that.time)
        && executor.equals(that.executor)
        && type.equals(that.type)
        && Objects.equals(size, that.size)
        && Objects.equals(waitMillis, that.waitMillis)
        && Objects.equals(executeMillis, that.executeMillis)
        && Objects.equals(failure, that.failure)
        && Objects.equals(group, that.group)
        && Objects.equals(reason, that.reason);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        time, executor, type, size, waitMillis, executeMillis, failure, group, reason);
  }

  @Override
  public String toString() {
    return "RecentEvent[time="
        + time
        + ", executor="
        + executor
        + ", type="
        + type
        + ", size="
        + size
        + ", waitMillis="
        + waitMillis
        + ", executeMillis="
        + executeMillis
        + ", failure="
        + failure
        + ", group="
        + group
        + ", reason="
        + reason
        + "]";
  }
}
