package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.AsyncCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorAsyncSupport;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorFutureSupport;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.Input;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * What each executor adds to a call when nothing else is going on: one thread calls a trivial
 * function ({@code x + 1} on a cached {@code Integer}) through each of the six executors, and
 * directly as the baseline. Every call finds its executor idle, so nothing is ever collapsed; the
 * difference to {@link #direct()} is the executor's bookkeeping (and, for the two async flavours,
 * the hand-off of the work to a pool thread and back). {@link #directOnPool()} is the control for
 * the async flavours: the same callable handed to a plain cached thread pool and joined, which is
 * the least any executor that runs work on another thread can cost.
 *
 * <ul>
 *   <li>Same key: the callable is built once and reused, so the only allocation measured is the
 *       executor's; every call uses the same group key.</li>
 *   <li>Batch: {@code doExecute} returns its inputs and {@code bindingOutput} binds the function of
 *       each input (as a completed future in the async and future flavours), so each call is a
 *       batch of one; default options.</li>
 *   <li>Future-returning executors are joined, so each measurement is one complete call.</li>
 * </ul>
 *
 * <p>Mode: sample time in nanoseconds, for the median; run with {@code -prof gc} for the bytes
 * allocated per call.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Threads(1)
public class UncontendedBenchmark {

  private static final Integer KEY = 42;

  private final Callable<Integer> work = () -> function(KEY);

  private BlockingCallableGroupCollapseExecutor blockingGroup;
  private AsyncCallableGroupCollapseExecutor asyncGroup;
  private FutureCallableGroupCollapseExecutor futureGroup;
  private final Callable<CompletableFuture<Integer>> futureWork =
      () -> CompletableFuture.completedFuture(function(KEY));
  private TrivialBlockingBatch blockingBatch;
  private TrivialAsyncBatch asyncBatch;
  private TrivialFutureBatch futureBatch;
  private ExecutorService pool;

  /** Creates the executors, each with its defaults. */
  @Setup(Level.Trial)
  public void setUp() {
    blockingGroup = new BlockingCallableGroupCollapseExecutor();
    asyncGroup = new AsyncCallableGroupCollapseExecutor();
    futureGroup = new FutureCallableGroupCollapseExecutor();
    blockingBatch = new TrivialBlockingBatch();
    asyncBatch = new TrivialAsyncBatch();
    futureBatch = new TrivialFutureBatch();
    pool =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "direct-pool");
              thread.setDaemon(true);
              return thread;
            });
  }

  /** Closes the executors. */
  @TearDown(Level.Trial)
  public void tearDown() {
    blockingGroup.close();
    asyncGroup.close();
    futureGroup.close();
    blockingBatch.close();
    asyncBatch.close();
    futureBatch.close();
    pool.shutdown();
  }

  /** Baseline: the same callable, called directly. */
  @Benchmark
  public Integer direct() throws Exception {
    return work.call();
  }

  /** Control for the async flavours: the callable on a plain cached pool, joined. */
  @Benchmark
  public Integer directOnPool() {
    return CompletableFuture.supplyAsync(() -> function(KEY), pool).join();
  }

  /** The callable through {@link BlockingCallableGroupCollapseExecutor}. */
  @Benchmark
  public Integer blockingGroup() {
    return blockingGroup.execute(KEY, work);
  }

  /** The callable through {@link AsyncCallableGroupCollapseExecutor} and its own pool. */
  @Benchmark
  public Integer asyncGroup() {
    return asyncGroup.execute(KEY, work).join();
  }

  /** A completed future of the function through {@link FutureCallableGroupCollapseExecutor}. */
  @Benchmark
  public Integer futureGroup() {
    return futureGroup.execute(KEY, futureWork).join();
  }

  /** A batch of one through a {@link CollapseExecutorBlockingSupport}. */
  @Benchmark
  public Integer blockingBatch() {
    return blockingBatch.execute(KEY);
  }

  /** A batch of one through a {@link CollapseExecutorAsyncSupport} and its own pool. */
  @Benchmark
  public Integer asyncBatch() {
    return asyncBatch.execute(KEY).join();
  }

  /** A batch of one through a {@link CollapseExecutorFutureSupport}. */
  @Benchmark
  public Integer futureBatch() {
    return futureBatch.execute(KEY).join();
  }

  /** The trivial function every variant computes. */
  static Integer function(Integer x) {
    return x + 1;
  }

  /** Binds the function of each input. */
  static final class TrivialBlockingBatch
      extends CollapseExecutorBlockingSupport<Integer, Integer, Collection<Input<Integer>>> {

    @Override
    protected Collection<Input<Integer>> doExecute(Collection<Input<Integer>> inputs) {
      return inputs;
    }

    @Override
    protected void bindingOutput(
        Collection<Input<Integer>> batchOutput, List<Bundle<Integer, Integer>> bundles) {
      Bundles.bindEach(bundles, UncontendedBenchmark::function);
    }
  }

  /** Binds a completed future of the function of each input; batches run on its own pool. */
  static final class TrivialAsyncBatch
      extends CollapseExecutorAsyncSupport<Integer, Integer, Collection<Input<Integer>>> {

    @Override
    protected Collection<Input<Integer>> doExecute(Collection<Input<Integer>> inputs) {
      return inputs;
    }

    @Override
    protected void bindingOutput(
        Collection<Input<Integer>> batchOutput,
        List<Bundle<Integer, CompletableFuture<Integer>>> bundles) {
      Bundles.bindEach(bundles, input -> CompletableFuture.completedFuture(function(input)));
    }
  }

  /** Returns a completed future of its inputs and binds the function of each. */
  static final class TrivialFutureBatch
      extends CollapseExecutorFutureSupport<Integer, Integer, Collection<Input<Integer>>> {

    @Override
    protected CompletableFuture<Collection<Input<Integer>>> doExecute(
        Collection<Input<Integer>> inputs) {
      return CompletableFuture.completedFuture(inputs);
    }

    @Override
    protected void bindingOutput(
        Collection<Input<Integer>> batchOutput, List<Bundle<Integer, Integer>> bundles) {
      Bundles.bindEach(bundles, UncontendedBenchmark::function);
    }
  }
}
