package io.github.collapseexecutor.spring.observation;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.Incubating;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Where the {@code @Collapsible} and {@code @CollapseBatch} methods report what each call did, for
 * tracing and meters: a bean of this type is picked up by {@code @EnableCollapsing} (and so by
 * Spring Boot's auto-configuration, which defines one on Micrometer); without one, {@link #NONE}
 * observes nothing and costs nothing. collapse-executor-micrometer implements it
 * ({@code MicrometerMethodObservers}); this module names no tracing library.
 *
 * <p>Every method has a default that observes nothing, so an implementation overrides only what it
 * records. Each call of an annotated method is one {@link SameKeyCall} or {@link FutureCall}, made
 * on the caller's thread; only the caller whose thread runs the method calls what
 * {@code leading} returned. For a method returning a value:
 *
 * <pre>{@code
 * SameKeyCall call = observer.sameKeyCall("QuoteService.quote", group);
 * Callable<Object> run = call.leading(() -> method.invoke());  // the run, once per group
 * try {
 *   Object result = executor.execute(group, run);             // every caller of the run
 *   return call.returned(result);                             // what leading's callable returned
 * } catch (Exception e) {
 *   call.failed(e);
 *   throw e;
 * }
 * }</pre>
 *
 * <p>What an observer throws reaches the caller, as a failure of the method would: an
 * implementation records and returns, and never blocks.
 */
@Incubating
public interface MethodObserver {

  /** Observes nothing: the default where the application defines no observer. */
  MethodObserver NONE = new MethodObserver() {};

  /**
   * Called once for each executor of an annotated method, when it is created, on the thread that
   * creates it. Returns the listener the executor reports to, given {@code listener}, the one its
   * named executor's options hold: {@code listener} itself, or one that takes the reports on
   * their way to it (an observer that times each run keeps the listener's own run observations
   * off the runs it observes).
   */
  default CollapseListener executorCreated(MethodExecutor executor, CollapseListener listener) {
    return listener;
  }

  /**
   * Returns the key under which the observation current for a caller travels in a Reactor
   * context and in a context-propagation snapshot, or {@code null} if it travels in neither. A
   * {@code Mono} subscriber's observation is read from its context under it, and the run's own
   * put there for the method's {@code Mono}; a caller's own is left out of the thread-bound
   * context restored for a run, which has an observation of its own.
   */
  default @Nullable String contextKey() {
    return null;
  }

  /**
   * Records on the current caller's observation that its call went straight to the method, for
   * {@code reason}: {@code switched-off}, {@code null-argument}, or a reason of the result copies.
   */
  default void notCollapsed(String reason) {}

  /**
   * Starts observing one call of a {@code @Collapsible} method returning a value, on
   * {@code executorName}, for {@code group}, the call's key, whose equal groups share a run.
   */
  default SameKeyCall sameKeyCall(String executorName, Object group) {
    return SameKeyCall.NONE;
  }

  /**
   * Starts observing one call of a {@code @Collapsible} method returning a future, made in the
   * observation current on this thread.
   */
  default FutureCall futureCall(String executorName, Object group) {
    return FutureCall.NONE;
  }

  /**
   * Starts observing one subscription to a {@code @Collapsible} method's {@code Mono}, made in
   * {@code observation}, the one in the subscriber's Reactor context under {@link #contextKey}.
   *
   * @param observation the subscriber's observation, or {@code null} if it has none
   */
  default FutureCall monoCall(String executorName, Object group, @Nullable Object observation) {
    return FutureCall.NONE;
  }

  /**
   * Returns what a {@code @CollapseBatch} call carries to its batch for {@link #batch}: the
   * current caller's observation, or {@code null} if there is none.
   */
  default @Nullable Object batchCaller() {
    return null;
  }

  /**
   * Calls the batch method through {@code batch}, observed as one call shared by
   * {@code callers}, the {@link #batchCaller} of each call in the batch; returns what
   * {@code batch} returned, and throws what it threw. When that is a {@code CompletableFuture}
   * (the batch method of a {@code suspend fun}, started), the call lasts until it completes, and
   * an observer may return a future that completes with it once the call is recorded.
   */
  default @Nullable Object batch(
      String executorName, List<@Nullable Object> callers, Callable<@Nullable Object> batch)
      throws Exception {
    return batch.call();
  }

  /** One caller's call of a {@code @Collapsible} method, from its turn to its result. */
  interface SameKeyCall {

    /** A call that is not observed. */
    SameKeyCall NONE =
        new SameKeyCall() {
          @Override
          public Callable<@Nullable Object> leading(Callable<@Nullable Object> run) {
            return run;
          }

          @Override
          public @Nullable Object returned(@Nullable Object result) {
            return result;
          }

          @Override
          public void failed(Throwable failure) {}
        };

    /**
     * Returns {@code run}, observed as the one run shared by every caller that joins it. What the
     * returned callable returns is what the executor hands every caller of the run, and each one
     * passes it to {@link #returned}.
     */
    Callable<@Nullable Object> leading(Callable<@Nullable Object> run);

    /** Returns what the caller gets of {@code result}, the executor's result for this caller. */
    @Nullable Object returned(@Nullable Object result);

    /** Records that the caller got {@code failure} from the executor. */
    void failed(Throwable failure);

    /**
     * Records that the run this caller led took its result from another instance's call instead
     * of running the method; before {@link #returned}.
     */
    default void servedByAnotherInstance() {}
  }

  /**
   * One caller's call of a {@code @Collapsible} method returning a future or a {@code Mono}, from
   * its turn to the end of its wait.
   */
  interface FutureCall {

    /** A call that is not observed. */
    FutureCall NONE =
        new FutureCall() {
          @Override
          public Callable<CompletableFuture<@Nullable Object>> leading(Start start) {
            return () -> start.start(null);
          }

          @Override
          public @Nullable BiConsumer<@Nullable Object, @Nullable Throwable> joined(
              CompletableFuture<@Nullable Object> future) {
            return null;
          }

          @Override
          public void timedOut() {}
        };

    /** Calls the method and returns its future. */
    @FunctionalInterface
    interface Start {

      /**
       * Returns the method's future, or {@code null} if it returned none.
       *
       * @param observation the run's observation, or {@code null}: a {@code Mono} puts it in its
       *     Reactor context, under {@link MethodObserver#contextKey}
       */
      @Nullable CompletableFuture<@Nullable Object> start(@Nullable Object observation)
          throws Exception;
    }

    /**
     * Returns what starts the run, observed as the one run shared by every caller that joins it.
     * The executor shares the future the returned callable returns.
     */
    Callable<CompletableFuture<@Nullable Object>> leading(Start start);

    /**
     * Records what the caller did, once the executor handed it {@code future}: it started the
     * run, which is then followed to its end, or it joined another caller's. Returns what to
     * record on the outcome before the caller can act on it (its value, or its failure), or
     * {@code null} if nothing: the caller then gets its future only once that ran.
     */
    @Nullable BiConsumer<@Nullable Object, @Nullable Throwable> joined(
        CompletableFuture<@Nullable Object> future);

    /** Records that the caller stopped waiting at its timeout. */
    void timedOut();

    /**
     * Records that the caller, having joined a run whose result it could not take, made a call of
     * its own for {@code reason}.
     */
    default void notCollapsed(String reason) {}

    /**
     * Records that the run this caller led took its value from another instance's call instead of
     * calling the method; before the run's callers have the value, on any thread.
     */
    default void servedByAnotherInstance() {}
  }

  /**
   * The executor of one annotated method, as a {@link MethodObserver} learns of it when it is
   * created: its name, and which of the facts its listener hears about it can happen at all, so
   * that a listener keeps nothing for a fact that cannot.
   *
   * <p>The annotated methods' executors announce themselves with one made by {@link #sameKey} or
   * {@link #batch}; an observer reads it.
   */
  @Incubating
  final class MethodExecutor {

    private final String name;
    private final boolean batches;
    private final boolean rejects;
    private final boolean timesOut;

    private MethodExecutor(String name, boolean batches, boolean rejects, boolean timesOut) {
      this.name = Objects.requireNonNull(name, "name");
      this.batches = batches;
      this.rejects = rejects;
      this.timesOut = timesOut;
    }

    /** Returns the executor of a {@code @Collapsible} method, which never rejects. */
    public static MethodExecutor sameKey(String name, boolean timesOut) {
      return new MethodExecutor(name, false, false, timesOut);
    }

    /** Returns the executor of a {@code @CollapseBatch} method. */
    public static MethodExecutor batch(String name, boolean rejects, boolean timesOut) {
      return new MethodExecutor(name, true, rejects, timesOut);
    }

    /** Returns the executor's name, as its reports give it ({@code UserService.user}). */
    public String name() {
      return name;
    }

    /**
     * Returns whether calls wait for a batch to start: {@code true} for a {@code @CollapseBatch}
     * method, {@code false} for a {@code @Collapsible} one, whose run starts with its first call.
     */
    public boolean batches() {
      return batches;
    }

    /**
     * Returns whether calls can be refused: a {@code @CollapseBatch} method whose options set a limit
     * of pending inputs ({@code maxPendingInputs}).
     */
    public boolean rejects() {
      return rejects;
    }

    /** Returns whether its callers stop waiting at a timeout. */
    public boolean timesOut() {
      return timesOut;
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof MethodExecutor that
          && name.equals(that.name)
          && batches == that.batches
          && rejects == that.rejects
          && timesOut == that.timesOut;
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, batches, rejects, timesOut);
    }

    @Override
    public String toString() {
      return "MethodExecutor[name="
          + name
          + ", batches="
          + batches
          + ", rejects="
          + rejects
          + ", timesOut="
          + timesOut
          + "]";
    }
  }
}
