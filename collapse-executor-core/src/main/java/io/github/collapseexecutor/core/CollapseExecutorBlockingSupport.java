package io.github.collapseexecutor.core;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A batch collapse executor whose callers block: single {@link #execute(Object)} calls made at the
 * same time are gathered into one {@link #doExecute(Collection)} call, and each caller gets its own
 * output from {@link #bindingOutput(Object, List)}.
 *
 * <pre>{@code
 * final class UserLoader extends CollapseExecutorBlockingSupport<Long, User, Map<Long, User>> {
 *   protected Map<Long, User> doExecute(Collection<Input<Long>> inputs) {
 *     return userRepository.findAllById(inputs.stream().map(Input::value).toList());
 *   }
 *
 *   protected void bindingOutput(Map<Long, User> users, List<Bundle<Long, User>> bundles) {
 *     bundles.forEach(bundle -> bundle.bindOutput(users.get(bundle.value())));
 *   }
 * }
 *
 * User user = userLoader.execute(42L);   // one query serves every caller waiting at this moment
 * }</pre>
 *
 * <h2>Where batches run</h2>
 * On callers' threads: this flavour has no thread of its own. A caller that finds a free batch slot
 * runs the batch itself (a lone call runs at once, with no window); callers that arrive while every
 * slot is busy wait, and one of them runs the next batch. A caller that is running a batch returns
 * when that batch is done, even if its own output was ready earlier or its timeout passed meanwhile.
 *
 * <h2>Outcomes</h2>
 * Every call ends exactly once: with its output, with the exception its bundle was failed with,
 * with the exception {@code doExecute} or {@code bindingOutput} threw, with an
 * {@link IllegalStateException} if {@code bindingOutput} left its bundle unsettled, with a
 * {@link CollapseTimeoutException}, or with a rejection. Unchecked exceptions are thrown as they
 * are; checked ones arrive wrapped in {@link CollapseExecutionException}.
 *
 * <p>If the thread running a batch is interrupted and {@code doExecute} fails because of it, only
 * that caller fails; the other inputs go back to the queue and run in a new batch. Make
 * {@code doExecute} transactional (or idempotent) if a retried batch must not repeat side effects.
 *
 * <h2>Closing</h2>
 * {@link #close()} refuses new calls at once with an {@link IllegalStateException}; inputs already
 * accepted still run and their callers get their outputs.
 *
 * @param <INPUT> the type of one caller's input
 * @param <OUTPUT> the type of one caller's output
 * @param <BATCH_OUTPUT> the type {@code doExecute} returns for a whole batch
 */
public abstract class CollapseExecutorBlockingSupport<
        INPUT, OUTPUT extends @Nullable Object, BATCH_OUTPUT extends @Nullable Object>
    extends BatchExecutorBase<INPUT, OUTPUT> implements AutoCloseable {

  private final BlockingCaller<INPUT, OUTPUT> caller;

  /** Creates an executor with the default {@link CollapseExecutorOptions}. */
  protected CollapseExecutorBlockingSupport() {
    this(CollapseExecutorOptions.defaults());
  }

  /** Creates an executor with the given options. */
  // the runner calls doExecute and bindingOutput for calls, which begin once the subclass is built
  @SuppressWarnings("this-escape")
  protected CollapseExecutorBlockingSupport(CollapseExecutorOptions options) {
    super(options);
    this.caller =
        new BlockingCaller<>(
            BatchRunner.onCallers(
                engine,
                Batch::askOneToLead,
                this::doExecute,
                (output, calls) -> bindingOutput(output, Collections.unmodifiableList(calls))));
  }

  /**
   * Returns the output for {@code input}, running it in a batch with the inputs of concurrent
   * callers.
   *
   * <p>May be called from this executor's own {@code doExecute} or {@code bindingOutput}: the call
   * runs in a batch of its own at once if a slot is free, and a call from {@code bindingOutput}
   * gives back the slot its batch still holds. A call from {@code doExecute} on a thread that holds
   * every slot (one slot, or two at depth two) could only wait for itself and throws
   * {@link IllegalStateException} instead. Waits through other threads (a batch waiting for a call
   * whose batch waits for it) are not detected; give them a timeout.
   *
   * @throws NullPointerException if {@code input} is null
   * @throws IllegalStateException if this executor is closed, or if the call would wait for a slot
   *     that only the calling thread can free
   * @throws java.util.concurrent.RejectedExecutionException if too many inputs are pending
   * @throws CollapseExecutionException if the batch failed with a checked exception, or the
   *     waiting thread was interrupted
   */
  public OUTPUT execute(INPUT input) {
    return caller.execute(input, -1);
  }

  /**
   * Like {@link #execute(Object)}, but stops waiting after {@code timeout}. The input is dropped
   * if its batch has not started by then; the other callers of its batch are not affected.
   *
   * @throws CollapseTimeoutException if the output did not arrive in time
   * @throws IllegalArgumentException if {@code timeout} is negative
   */
  public OUTPUT execute(INPUT input, Duration timeout) {
    return caller.execute(input, Timeouts.toNanos(timeout));
  }

  /**
   * Runs one batch: called with the inputs of one batch, never empty, on the thread of one of the
   * callers. May throw anything, errors included; every caller of the batch then gets that
   * throwable.
   *
   * <p>Because the batch runs on one caller's thread, it sees that caller's thread-locals (a
   * security context, an MDC) while it loads the inputs of the others: do not read per-caller
   * context from thread-locals here, pass what the batch needs in the input (and in the
   * {@link CollapseExecutorOptions#inputGrouper() input grouper}'s key if contexts must not mix).
   */
  protected abstract BATCH_OUTPUT doExecute(Collection<Input<INPUT>> inputs) throws Exception;

  /**
   * Hands each caller its output from {@code batchOutput}: every bundle must be settled once, with
   * {@link Bundle#bindOutput} or {@link Bundle#fail}. See {@link Bundle} for an example.
   *
   * <p>{@code bundles} hold the callers of the batch in the same order as the inputs that
   * {@code doExecute} was given, so outputs may be matched by position or by value.
   */
  protected abstract void bindingOutput(
      BATCH_OUTPUT batchOutput, List<Bundle<INPUT, OUTPUT>> bundles);
}
