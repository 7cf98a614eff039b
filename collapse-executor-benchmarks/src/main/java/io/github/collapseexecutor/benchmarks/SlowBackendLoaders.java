package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorAsyncSupport;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Batch executors in front of one {@link SlowBackend}, in the blocking and the async flavour:
 * {@code doExecute} loads the ids of its whole batch in one backend call, and each caller gets the
 * value of its own id. The benchmarks, the load harness and the tools all load through these, so
 * that they measure the same executor.
 */
public final class SlowBackendLoaders {

  private SlowBackendLoaders() {}

  /**
   * What a caller submits: an id, or a request that carries one and marks when its batch's backend
   * call and its own binding happened.
   *
   * @param <R> the request
   */
  public interface Requests<R> {

    /** Returns the id that {@code request} loads. */
    Integer id(R request);

    /** Loads the ids of {@code inputs} in one call of {@code backend}. */
    default Map<Integer, Integer> loadAll(SlowBackend backend, Collection<Input<R>> inputs) {
      return backend.loadAll(ids(inputs));
    }

    /** Returns the value of {@code request} among {@code values}, just before it is bound. */
    default Integer valueOf(R request, Map<Integer, Integer> values) {
      return values.get(id(request));
    }

    /** Returns the ids of {@code inputs}, in order. */
    default List<Integer> ids(Collection<Input<R>> inputs) {
      List<Integer> ids = new ArrayList<>(inputs.size());
      for (Input<R> input : inputs) {
        ids.add(id(input.value()));
      }
      return ids;
    }
  }

  /** Plain ids, which mark nothing. */
  public static final Requests<Integer> IDS = id -> id;

  /** Returns a blocking loader of plain ids. */
  public static Blocking<Integer> blocking(SlowBackend backend, CollapseExecutorOptions options) {
    return new Blocking<>(backend, IDS, options);
  }

  /** Returns an async loader of plain ids, on the executor's own pool unless the options name one. */
  public static Async<Integer> async(SlowBackend backend, CollapseExecutorOptions options) {
    return new Async<>(backend, IDS, options);
  }

  /**
   * The blocking flavour: batches run on the callers' threads.
   *
   * @param <R> what a caller submits
   */
  public static final class Blocking<R>
      extends CollapseExecutorBlockingSupport<R, Integer, Map<Integer, Integer>> {

    private final SlowBackend backend;
    private final Requests<R> requests;

    /** Creates a loader of {@code backend} with {@code options}. */
    public Blocking(SlowBackend backend, Requests<R> requests, CollapseExecutorOptions options) {
      super(options);
      this.backend = backend;
      this.requests = requests;
    }

    @Override
    protected Map<Integer, Integer> doExecute(Collection<Input<R>> inputs) {
      return requests.loadAll(backend, inputs);
    }

    @Override
    protected void bindingOutput(Map<Integer, Integer> values, List<Bundle<R, Integer>> bundles) {
      Bundles.bindEach(bundles, request -> requests.valueOf(request, values));
    }
  }

  /**
   * The async flavour: batches run on an executor, by default the loader's own pool.
   *
   * @param <R> what a caller submits
   */
  public static final class Async<R>
      extends CollapseExecutorAsyncSupport<R, Integer, Map<Integer, Integer>> {

    private final SlowBackend backend;
    private final Requests<R> requests;

    /** Creates a loader of {@code backend} with {@code options}. */
    public Async(SlowBackend backend, Requests<R> requests, CollapseExecutorOptions options) {
      super(options);
      this.backend = backend;
      this.requests = requests;
    }

    @Override
    protected Map<Integer, Integer> doExecute(Collection<Input<R>> inputs) {
      return requests.loadAll(backend, inputs);
    }

    @Override
    protected void bindingOutput(
        Map<Integer, Integer> values, List<Bundle<R, CompletableFuture<Integer>>> bundles) {
      Bundles.bindEach(
          bundles, request -> CompletableFuture.completedFuture(requests.valueOf(request, values)));
    }
  }
}
