package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.Incubating;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link CollapseListener} that hears of each executor when it is created, before any report:
 * the Micrometer listener registers the executor's meters then, so that they exist, at zero,
 * before anything happened. The auto-configured HTTP adapters and the executors of annotated
 * methods announce themselves; an executor an application builds itself from the
 * {@code CollapseExecutorOptions} bean is known only from its first report.
 */
@Incubating
public interface ExecutorCreationListener extends CollapseListener {

  /** Called once, when {@code executor} is created, on the thread that creates it. */
  void executorCreated(CreatedExecutor executor);

  /** Tells {@code listener} of {@code executor}, if it is an {@link ExecutorCreationListener}. */
  static void announce(CollapseListener listener, CreatedExecutor executor) {
    if (listener instanceof ExecutorCreationListener creation) {
      creation.executorCreated(executor);
    }
  }

  /**
   * An executor as an {@link ExecutorCreationListener} learns of it when it is created: its name,
   * and which of the facts a {@link io.github.collapseexecutor.core.CollapseListener} hears about
   * it can report at all, so that a listener keeps nothing for a fact that cannot happen.
   *
   * <p>The executors announce themselves with one made by {@link #batch}, {@link #sameKey} or
   * {@link #http}; a listener reads it.
   */
  @Incubating
  final class CreatedExecutor {

    private final String name;
    private final boolean batches;
    private final boolean countsCalls;
    private final boolean timesWork;
    private final boolean rejects;
    private final boolean timesOut;

    private CreatedExecutor(
        String name,
        boolean batches,
        boolean countsCalls,
        boolean timesWork,
        boolean rejects,
        boolean timesOut) {
      this.name = Objects.requireNonNull(name, "name");
      this.batches = batches;
      this.countsCalls = countsCalls;
      this.timesWork = timesWork;
      this.rejects = rejects;
      this.timesOut = timesOut;
    }

    /** Returns a batch executor, which may reject calls and time its callers out. */
    public static CreatedExecutor batch(String name, boolean rejects, boolean timesOut) {
      return new CreatedExecutor(name, true, true, true, rejects, timesOut);
    }

    /** Returns a same-key executor, which never rejects. */
    public static CreatedExecutor sameKey(String name, boolean timesOut) {
      return new CreatedExecutor(name, false, true, true, false, timesOut);
    }

    /**
     * Returns the executor of an HTTP adapter: a same-key executor whose requests, and the waits
     * that timed out, are counted by the adapter.
     *
     * @param observed whether an observation times each shared call
     */
    public static CreatedExecutor http(String name, boolean observed) {
      return new CreatedExecutor(name, false, false, true, false, false).observed(observed);
    }

    /**
     * Returns this executor with the timing of its work left to an observation when
     * {@code observed}: the observation's timer times each run, so a meter listener does not time it
     * again.
     */
    public CreatedExecutor observed(boolean observed) {
      return observed && timesWork
          ? new CreatedExecutor(name, batches, countsCalls, false, rejects, timesOut)
          : this;
    }

    /** Returns the executor's name, as its reports give it. */
    public String name() {
      return name;
    }

    /**
     * Returns whether calls wait for a batch to start: {@code false} for same-key executors, whose
     * work starts with the first call.
     */
    public boolean batches() {
      return batches;
    }

    /**
     * Returns whether its callers are counted from its reports; {@code false} for the HTTP
     * adapters, whose requests the adapters' own counters count.
     */
    public boolean countsCalls() {
      return countsCalls;
    }

    /**
     * Returns whether its work is timed from its reports; {@code false} when an observation times
     * each shared call instead.
     */
    public boolean timesWork() {
      return timesWork;
    }

    /** Returns whether it can refuse calls: it has a limit of pending inputs. */
    public boolean rejects() {
      return rejects;
    }

    /** Returns whether it reports callers that stopped waiting at their timeout. */
    public boolean timesOut() {
      return timesOut;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof CreatedExecutor that
          && name.equals(that.name)
          && batches == that.batches
          && countsCalls == that.countsCalls
          && timesWork == that.timesWork
          && rejects == that.rejects
          && timesOut == that.timesOut;
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, batches, countsCalls, timesWork, rejects, timesOut);
    }

    @Override
    public String toString() {
      return "CreatedExecutor[name="
          + name
          + ", batches="
          + batches
          + ", countsCalls="
          + countsCalls
          + ", timesWork="
          + timesWork
          + ", rejects="
          + rejects
          + ", timesOut="
          + timesOut
          + "]";
    }
  }
}
