package io.github.collapseexecutor.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One run that is about to start, as {@link CollapseListener#runStarted} hears of it: a batch about
 * to be given to {@code doExecute}, or same-key work about to be called for the callers that share
 * it. The executors make these; {@link #builder} is public for tests of a listener, and so that a
 * run can gain a fact without breaking them.
 */
public final class RunStart {

  private final String executorName;
  private final Flavour flavour;
  private final boolean batch;
  private final int size;

  RunStart(String executorName, Flavour flavour, boolean batch, int size) {
    this.executorName = Objects.requireNonNull(executorName, "executorName");
    this.flavour = Objects.requireNonNull(flavour, "flavour");
    this.batch = batch;
    this.size = size;
  }

  /** Returns a builder of a run of the executor named {@code executorName}, of {@code flavour}. */
  public static Builder builder(String executorName, Flavour flavour) {
    return new Builder(executorName, flavour);
  }

  /** Returns the name of the executor that runs it. */
  public String executorName() {
    return executorName;
  }

  /** Returns where the executor runs its work and how its callers wait. */
  public Flavour flavour() {
    return flavour;
  }

  /**
   * Returns {@code true} for a batch executor's batch, {@code false} for a same-key executor's
   * shared run.
   */
  public boolean batch() {
    return batch;
  }

  /**
   * Returns how many calls the run serves: a batch's inputs, which are fixed once it starts; for a
   * shared run, the callers that joined so far (more may join until it ends: its
   * {@link BatchReport} has the final count).
   */
  public int size() {
    return size;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof RunStart that
        && executorName.equals(that.executorName)
        && flavour == that.flavour
        && batch == that.batch
        && size == that.size;
  }

  @Override
  public int hashCode() {
    return Objects.hash(executorName, flavour, batch, size);
  }

  @Override
  public String toString() {
    return "RunStart[executorName="
        + executorName
        + ", flavour="
        + flavour
        + ", batch="
        + batch
        + ", size="
        + size
        + "]";
  }

  /** Builds a {@link RunStart}; a same-key run of no calls unless set. */
  public static final class Builder {

    private final String executorName;
    private final Flavour flavour;
    private boolean batch;
    private int size;

    private Builder(String executorName, Flavour flavour) {
      this.executorName = Objects.requireNonNull(executorName, "executorName");
      this.flavour = Objects.requireNonNull(flavour, "flavour");
    }

    /** Sets whether it is a batch executor's batch rather than a same-key executor's run. */
    public Builder batch(boolean batch) {
      this.batch = batch;
      return this;
    }

    /** Sets how many calls the run serves. */
    public Builder size(int size) {
      this.size = size;
      return this;
    }

    /** Returns the run. */
    public RunStart build() {
      return new RunStart(executorName, flavour, batch, size);
    }
  }

  /** The flavour of an executor. */
  public enum Flavour {
    /**
     * Callers block, and the work runs on a caller's thread ({@link CollapseExecutorBlockingSupport},
     * {@link BlockingCallableGroupCollapseExecutor}).
     */
    BLOCKING,
    /**
     * Callers get futures, and the work runs on the executor's pool
     * ({@link CollapseExecutorAsyncSupport}, {@link AsyncCallableGroupCollapseExecutor}).
     */
    ASYNC,
    /**
     * The work returns a future, and the run ends when that future completes
     * ({@link CollapseExecutorFutureSupport}, {@link FutureCallableGroupCollapseExecutor}).
     */
    FUTURE
  }
}
