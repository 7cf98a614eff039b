package io.github.collapseexecutor.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Receives what an executor did, for metrics and logs. The Spring Boot module binds it to
 * Micrometer; any other sink can implement it directly.
 *
 * <p>Methods are called on the thread that ran the batch or on the caller's thread, so they must
 * be quick and must not block. Anything a listener throws, an {@link Error} or a checked exception
 * thrown sneakily included, is logged through {@link System.Logger} and otherwise ignored: it never
 * changes what a caller gets, and the executor goes on with its next batch. Only a
 * {@link VirtualMachineError} is thrown on after it is logged, once the batch's callers are
 * settled and its slot is free, since going on after one is not safe.
 *
 * <p>{@link #runStarted} lets a listener act around each run, on the thread that runs the work: a
 * tracing listener opens a span there, so that the backend calls the work makes are its children.
 * With {@link #NONE}, every executor's default, the executors do not even make its argument.
 */
public interface CollapseListener {

  /** A listener that ignores everything; the default of every executor. */
  CollapseListener NONE = new CollapseListener() {};

  /**
   * Called on the thread that is about to run the work of a batch ({@code doExecute}) or of a
   * shared run (the callable), just before it calls it; the returned scope hears when the work
   * returned and when the run ended. Not called for a batch whose callers all left before it
   * started, nor for same-key work that never ran (every caller left first, or the executor
   * refused the task).
   *
   * @return what to tell of the run's end; {@link RunScope#NONE} (the default) for nothing
   */
  default RunScope runStarted(RunStart run) {
    return RunScope.NONE;
  }

  /** Called once for every batch or shared run, after its callers were settled. */
  default void batchCompleted(BatchReport report) {}

  /** Called when a call was refused at submission because too many inputs were pending. */
  default void callRejected(String executorName) {}

  /** Called when a caller stopped waiting because its timeout passed. */
  default void callTimedOut(String executorName) {}

  /**
   * Called when a call did its work itself instead of taking a shared run's result, for
   * {@code reason}, a lower-case tag such as {@code mutable-result}: what runs the executor
   * reports it (the {@code @Collapsible} and {@code @CollapseBatch} methods, whose joiners cannot
   * take a result no one can hand over faithfully, and whose callers that arrive after a write
   * lead a run of their own, {@code after-write}, while one from before it is in flight); the
   * executors never call it themselves.
   */
  default void callNotCollapsed(String executorName, String reason) {}

  /**
   * Called when a caller that joined a shared run got a copy of its result made for it, which took
   * {@code copyNanos}; reported, like {@link #callNotCollapsed}, by what makes the copies.
   */
  default void resultCopied(String executorName, long copyNanos) {}

  /**
   * Called, for an annotated method whose executor only observes, when a call that ran the method
   * itself ended, as every call does then: {@code wouldJoin} whether it arrived while a call of an
   * equal key was in progress, whose run collapse would have made it share; {@code unshared} why
   * collapse would not have handed it that run's result (a lower-case tag, as in
   * {@link #callNotCollapsed}), judged on the result it got, or {@code null} if collapse would have
   * saved its call. Reported, like {@link #callNotCollapsed}, by what runs the method.
   */
  default void callObserved(String executorName, boolean wouldJoin, @Nullable String unshared) {}

  /**
   * Called, for an annotated method whose executor only observes, when the first call of a
   * would-be run ended: {@code callers} calls would have shared it, the first included, and
   * {@code key} shows its key as the method's name and a short hash, never an argument's value.
   */
  default void runObserved(String executorName, String key, int callers) {}

  /**
   * One run that is about to start, as {@link CollapseListener#runStarted} hears of it: a batch about
   * to be given to {@code doExecute}, or same-key work about to be called for the callers that share
   * it. The executors make these; {@link #builder} is public for tests of a listener, and so that a
   * run can gain a fact without breaking them.
   */
  final class RunStart {

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

  /**
   * What a {@link CollapseListener} keeps of one run, from {@link CollapseListener#runStarted} until
   * the run ended: a span or an observation that is current on the thread that runs the work, for
   * example, so that whatever the work does is its child.
   *
   * <p>The executor calls {@link #workReturned()} once, on the thread that called
   * {@link CollapseListener#runStarted}, as soon as the work returned or threw; then
   * {@link #ended(BatchReport)} once, after the run's callers were settled, on the thread that
   * settled them. In the blocking and async flavours the two follow each other on one thread; in the
   * future flavours the work returns a future, and the run ends when that future completes,
   * usually later and on another thread. {@code workReturned} always comes first, and everything it
   * did is visible to {@code ended}.
   *
   * <pre>{@code
   * public RunScope runStarted(RunStart run) {
   *   Span span = tracer.spanBuilder("collapse " + run.executorName()).startSpan();
   *   Scope current = span.makeCurrent();
   *   return new RunScope() {
   *     public void workReturned() {
   *       current.close(); // on the thread that made it current
   *     }
   *
   *     public void ended(BatchReport report) {
   *       span.setAttribute("size", report.size());
   *       span.end();
   *     }
   *   };
   * }
   * }</pre>
   *
   * <p>Both methods must be quick and must not block; what they throw is handled as for every
   * listener method (see {@link CollapseListener}).
   */
  interface RunScope {

    /** Keeps nothing: what {@link CollapseListener#runStarted} returns unless overridden. */
    RunScope NONE = new RunScope() {};

    /**
     * Called once the work returned or threw, on the thread that started it: {@code doExecute} or
     * the same-key callable. Close here what was made current on this thread.
     */
    default void workReturned() {}

    /**
     * Called once the run ended and its callers were settled, with the report that
     * {@link CollapseListener#batchCompleted} gets too, after it got it.
     */
    default void ended(BatchReport report) {}
  }

  /**
   * What one batch (or one shared run of same-key work) did. The executors make the reports; a
   * listener reads them. {@link #builder} is public for tests of a listener, and so that a report
   * can gain a fact without breaking them.
   */
  final class BatchReport {

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
}
