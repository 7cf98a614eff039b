package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Which thread runs the next batch when an asynchronous executor's batch gives its slot back before
 * handing out its outputs. On the executor's own pool the thread whose backend call just ended runs
 * the next batch at once, and another pool thread hands out, so that the next backend call does
 * not wait for a thread to wake. On an executor the user set, whose threads may all be busy, the
 * next batch goes to that executor and the batch's own thread hands out.
 */
final class AsyncNextBatchTest {

  /**
   * How long handing out each output of the batch that teaches the executor its hand-out cost
   * takes. A later batch of one call gives its slot back first only while its backend call took
   * less than twice this (see {@link ReleaseOrder}): x's call returns at once, so x still does
   * when a busy machine stalls its thread for most of a second.
   */
  private static final long SLOW_HAND_OUT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  /** The inputs of that batch, whose hand-out is the only one measured: a batch of one is not. */
  private static final Set<String> SLOW_TO_HAND_OUT = Set.of("t1", "t2");

  /** Which thread ran doExecute and bindingOutput for each input. */
  private final Map<String, Thread> executedOn = new ConcurrentHashMap<>();

  private final Map<String, Thread> boundOn = new ConcurrentHashMap<>();

  /** What doExecute of an input submits while it runs, so that it queues behind that batch. */
  private final Map<String, List<String>> submitsWhileRunning = new ConcurrentHashMap<>();

  private final Map<String, CompletableFuture<String>> submitted = new ConcurrentHashMap<>();

  @Test
  void onItsOwnPoolTheThreadWhoseCallEndedRunsTheNextBatchWhileAnotherHandsOut() throws Exception {
    try (Loader loader = new Loader(CollapseExecutorOptions.builder())) {
      runXWithYQueuedBehindIt(loader);

      assertThat(executedOn.get("y")).isSameAs(executedOn.get("x"));
      assertThat(boundOn.get("x")).isNotSameAs(executedOn.get("x"));
    }
  }

  @Test
  void onAnExecutorTheUserSetTheBatchHandsOutOnItsOwnThread() throws Exception {
    ExecutorService userPool = Executors.newCachedThreadPool();
    try (Loader loader = new Loader(CollapseExecutorOptions.builder().executor(userPool))) {
      runXWithYQueuedBehindIt(loader);

      assertThat(boundOn.get("x")).isSameAs(executedOn.get("x"));
      assertThat(executedOn.get("y")).isNotSameAs(executedOn.get("x"));
    } finally {
      userPool.shutdownNow();
    }
  }

  /**
   * After a slow hand-out, runs x, whose backend call returns at once after submitting y: x gives
   * its slot back first, and that starts y's batch.
   */
  private void runXWithYQueuedBehindIt(Loader loader) throws Exception {
    learnThatHandingOutIsSlow(loader);
    submitsWhileRunning.put("x", List.of("y"));

    assertThat(submit(loader, "x").get(10, TimeUnit.SECONDS)).isEqualTo("X");
    assertThat(submitted.get("y").get(10, TimeUnit.SECONDS)).isEqualTo("Y");
  }

  /**
   * Runs a batch of two inputs whose hand-out is slow: t0's call submits t1 and t2, which queue
   * behind it and then share a batch.
   */
  private void learnThatHandingOutIsSlow(Loader loader) throws Exception {
    submitsWhileRunning.put("t0", List.of("t1", "t2"));
    submit(loader, "t0").get(10, TimeUnit.SECONDS);
    submitted.get("t1").get(10, TimeUnit.SECONDS);
    submitted.get("t2").get(10, TimeUnit.SECONDS);
  }

  private CompletableFuture<String> submit(Loader loader, String input) {
    CompletableFuture<String> future = loader.execute(input);
    submitted.put(input, future);
    return future;
  }

  /**
   * One slot, so that what a batch's call submits queues behind it: calls made from
   * {@code doExecute} may otherwise start past an adaptive limit.
   */
  private final class Loader
      extends CollapseExecutorAsyncSupport<String, String, Map<String, String>> {

    Loader(CollapseExecutorOptions.Builder options) {
      super(options.maxConcurrentBatches(1).build());
    }

    @Override
    protected Map<String, String> doExecute(Collection<Input<String>> inputs) {
      for (Input<String> input : inputs) {
        executedOn.put(input.value(), Thread.currentThread());
        submitsWhileRunning
            .getOrDefault(input.value(), List.of())
            .forEach(next -> submit(this, next));
      }
      return inputs.stream()
          .map(Input::value)
          .collect(Collectors.toMap(Function.identity(), String::toUpperCase));
    }

    @Override
    protected void bindingOutput(
        Map<String, String> outputs, List<Bundle<String, CompletableFuture<String>>> bundles) {
      for (Bundle<String, CompletableFuture<String>> bundle : bundles) {
        boundOn.put(bundle.value(), Thread.currentThread());
        if (SLOW_TO_HAND_OUT.contains(bundle.value())) {
          // a cost to measure, not a wait for another thread
          handOutSlowly();
        }
        bundle.bindOutput(CompletableFuture.completedFuture(outputs.get(bundle.value())));
      }
    }
  }

  /** Takes {@link #SLOW_HAND_OUT_NANOS} without using a core, which a busy machine needs. */
  private static void handOutSlowly() {
    long end = System.nanoTime() + SLOW_HAND_OUT_NANOS;
    for (long left = SLOW_HAND_OUT_NANOS; left > 0; left = end - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }
}
