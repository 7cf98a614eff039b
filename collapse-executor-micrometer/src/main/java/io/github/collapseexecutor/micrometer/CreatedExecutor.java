package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.core.Incubating;
import java.util.Objects;

/**
 * An executor as an {@link ExecutorCreationListener} learns of it when it is created: its name,
 * and which of the facts a {@link io.github.collapseexecutor.core.CollapseListener} hears about
 * it can report at all, so that a listener keeps nothing for a fact that cannot happen.
 *
 * @param name the executor's name, as its reports give it
 * @param batches whether calls wait for a batch to start: {@code false} for same-key executors,
 *     whose work starts with the first call
 * @param countsCalls whether its callers are counted from its reports; {@code false} for the
 *     HTTP adapters, whose requests the adapters' own counters count
 * @param timesWork whether its work is timed from its reports; {@code false} when an observation
 *     times each shared call instead
 * @param rejects whether it can refuse calls: it has a limit of pending inputs
 * @param timesOut whether it reports callers that stopped waiting at their timeout
 */
@Incubating
public record CreatedExecutor(String name, boolean batches, boolean countsCalls,
    boolean timesWork, boolean rejects, boolean timesOut) {

  /** Checks the name. */
  public CreatedExecutor {
    Objects.requireNonNull(name, "name");
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
   * Returns this executor with the timing of its work left to an observation when
   * {@code observed}: the observation's timer times each run, so a meter listener does not time it
   * again.
   */
  public CreatedExecutor observed(boolean observed) {
    return observed && timesWork
        ? new CreatedExecutor(name, batches, countsCalls, false, rejects, timesOut) : this;
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
}
