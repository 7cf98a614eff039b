package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Where the annotated methods report what each call did, for tracing: on the caller's own
 * observation, and one observation per run of a method or of a batch method. Free of any tracing
 * library; {@link #NONE} when there is no observation registry, which costs nothing.
 */
interface MethodObserver {

  /** Observes nothing. */
  MethodObserver NONE = new MethodObserver() {};

  /** Returns an observer on the registry and with the convention of {@code observations}. */
  static MethodObserver observing(CollapseObservations observations) {
    return new ObservedMethods(observations);
  }

  /** Returns whether this observer times every run of the methods it observes. */
  default boolean observes() {
    return false;
  }

  /**
   * Returns the listener a method's executor reports to, given the configured one: an observer
   * that needs the executor's reports takes them on their way, and keeps the listener's own run
   * observations off the runs it observes itself.
   */
  default CollapseListener listener(CollapseListener listener) {
    return listener;
  }

  /** Records on the current caller's observation that its call went straight to the method. */
  default void notCollapsed(String reason) {}

  /**
   * Starts observing one call of a {@code @Collapsible} method returning a value, on
   * {@code executorName}, for {@code group}.
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
   * {@code observation}, the one in the subscriber's Reactor context.
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
   * {@code callers}, the {@link #batchCaller} of each call in the batch.
   */
  default @Nullable Object batch(String executorName, List<@Nullable Object> callers,
      Callable<@Nullable Object> batch) throws Exception {
    return batch.call();
  }

  /** One caller's call of a {@code @Collapsible} method, from its turn to its result. */
  interface SameKeyCall {

    /** A call that is not observed. */
    SameKeyCall NONE = new SameKeyCall() {
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

    /** Returns {@code run}, observed as the one run shared by every caller that joins it. */
    Callable<@Nullable Object> leading(Callable<@Nullable Object> run);

    /** Returns what the caller gets of {@code result}, the executor's result for this caller. */
    @Nullable Object returned(@Nullable Object result);

    /** Records that the caller got {@code failure} from the executor. */
    void failed(Throwable failure);

    /**
     * Records that the run this caller led took its result from another instance's call,
     * through the fleet tier, instead of running the method; before {@link #returned}.
     */
    default void servedByAnotherInstance() {}
  }

  /**
   * One caller's call of a {@code @Collapsible} method returning a future or a {@code Mono}, from
   * its turn to the end of its wait.
   */
  interface FutureCall {

    /** A call that is not observed. */
    FutureCall NONE = new FutureCall() {
      @Override
      public Callable<CompletableFuture<@Nullable Object>> leading(Start start) {
        return () -> start.start(null);
      }

      @Override
      public CompletableFuture<@Nullable Object> joined(
          CompletableFuture<@Nullable Object> future) {
        return future;
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
       *     Reactor context
       */
      @Nullable CompletableFuture<@Nullable Object> start(@Nullable Object observation)
          throws Exception;
    }

    /**
     * Returns what starts the run, observed as the one run shared by every caller that joins it.
     */
    Callable<CompletableFuture<@Nullable Object>> leading(Start start);

    /**
     * Records what the caller did, once the executor handed it {@code future}: it started the
     * run, which is then followed to its end, or it joined another caller's. Returns the future
     * the caller gets: {@code future}, or one of its outcome that completes once the observer
     * recorded what it records on the outcome, before the caller can act on it.
     */
    CompletableFuture<@Nullable Object> joined(CompletableFuture<@Nullable Object> future);

    /** Records that the caller stopped waiting at its timeout. */
    void timedOut();

    /**
     * Records that the caller, having joined a run, made a call of its own for {@code reason}
     * ({@link OwnCall}).
     */
    default void notCollapsed(String reason) {}

    /**
     * Records that the run this caller led took its value from another instance's call, through
     * the fleet tier, instead of calling the method; before the run's callers have the value, on
     * any thread.
     */
    default void servedByAnotherInstance() {}
  }
}
