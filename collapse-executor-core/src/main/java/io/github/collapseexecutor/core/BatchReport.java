package io.github.collapseexecutor.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one batch (or one shared run of same-key work) did. The executors make the reports; a
 * listener reads them. {@link #builder} is public for tests of a listener, and so that a report
 * can gain a fact without breaking them.
 */
public final class BatchReport {

  private final String executorName;
  private final int size;
  private final long collectNanos;
  private final long executeNanos;
  private final @Nullable Throwable failure;

  BatchReport(
      String executorName,
      int size,
      long collectNanos,
      long executeNanos,
      @Nullable Throwable failure) {
    this.executorName = Objects.requireNonNull(executorName, "executorName");
    this.size = size;
    this.collectNanos = collectNanos;
    this.executeNanos = executeNanos;
    this.failure = failure;
  }

  /** Returns a builder of a report of the executor named {@code executorName}. */
  public static Builder builder(String executorName) {
    return new Builder(executorName);
  }

  /** Returns the name of the executor that ran it. */
  public String executorName() {
    return executorName;
  }

  /** Returns how many calls it served. */
  public int size() {
    return size;
  }

  /** Returns the time from the first input's submission to the start of the work. */
  public long collectNanos() {
    return collectNanos;
  }

  /** Returns the time the work took ({@code doExecute}, or the shared callable). */
  public long executeNanos() {
    return executeNanos;
  }

  /**
   * Returns the exception the whole batch failed with, or {@code null} if it produced an output
   * (individual inputs may still have failed through {@link Bundle#fail(Throwable)}).
   */
  public @Nullable Throwable failure() {
    return failure;
  }

  /** Returns whether the work produced an output rather than failing as a whole. */
  public boolean succeeded() {
    return failure == null;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof BatchReport that
        && executorName.equals(that.executorName)
        && size == that.size
        && collectNanos == that.collectNanos
        && executeNanos == that.executeNanos
        && Objects.equals(failure, that.failure);
  }

  @Override
  public int hashCode() {
    return Objects.hash(executorName, size, collectNanos, executeNanos, failure);
  }

  @Override
  public String toString() {
    return "BatchReport[executorName="
        + executorName
        + ", size="
        + size
        + ", collectNanos="
        + collectNanos
        + ", executeNanos="
        + executeNanos
        + ", failure="
        + failure
        + "]";
  }

  /** Builds a {@link BatchReport}; what is not set is zero, and the work succeeded. */
  public static final class Builder {

    private final String executorName;
    private int size;
    private long collectNanos;
    private long executeNanos;
    private @Nullable Throwable failure;

    private Builder(String executorName) {
      this.executorName = Objects.requireNonNull(executorName, "executorName");
    }

    /** Sets how many calls it served. */
    public Builder size(int size) {
      this.size = size;
      return this;
    }

    /** Sets the time from the first input's submission to the start of the work. */
    public Builder collectNanos(long collectNanos) {
      this.collectNanos = collectNanos;
      return this;
    }

    /** Sets the time the work took. */
    public Builder executeNanos(long executeNanos) {
      this.executeNanos = executeNanos;
      return this;
    }

    /** Sets the exception the whole batch failed with; {@code null} if it did not. */
    public Builder failure(@Nullable Throwable failure) {
      this.failure = failure;
      return this;
    }

    /** Returns the report. */
    public BatchReport build() {
      return new BatchReport(executorName, size, collectNanos, executeNanos, failure);
    }
  }
}
