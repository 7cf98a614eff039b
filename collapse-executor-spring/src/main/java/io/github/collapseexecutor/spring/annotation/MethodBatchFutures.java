package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorFutureSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The batch executor of one {@code @CollapseBatch} {@code suspend fun}: starts its batch method,
 * a {@code suspend fun} too, once with the distinct arguments of a batch, in the coroutine context
 * of the batch's first caller, and hands each caller the result for its own argument when it
 * returns. No thread waits for the batch.
 */
final class MethodBatchFutures
    extends CollapseExecutorFutureSupport<BatchCall, @Nullable Object, BatchBinding.Results> {

  private final BatchMethod batchMethod;
  private final MethodObserver observer;
  private final BatchBinding binding;
  private final String name;

  MethodBatchFutures(
      CollapseExecutorOptions options,
      BatchMethod batchMethod,
      MethodObserver observer,
      JoinerResults results) {
    super(options);
    this.batchMethod = batchMethod;
    this.observer = observer;
    this.binding = new BatchBinding(batchMethod, results);
    // BatchCollapser names every executor it makes
    this.name = Objects.requireNonNull(options.name(), "name");
  }

  @Override
  @SuppressWarnings("unchecked")
  protected CompletableFuture<BatchBinding.Results> doExecute(Collection<Input<BatchCall>> inputs)
      throws Exception {
    BatchBinding.Calls calls = BatchBinding.Calls.of(inputs);
    // the callers of a batch share one identity, so the first one's context serves them all
    Object coroutine = Objects.requireNonNull(calls.first().coroutine(), "coroutine");
    // observed until the batch method's coroutine is started, not until it returns
    CompletableFuture<@Nullable Object> started =
        (CompletableFuture<@Nullable Object>)
            Objects.requireNonNull(
                observer.batch(
                    name,
                    calls.callers(),
                    () -> batchMethod.start(calls.bean(), calls.arguments(), coroutine)));
    return started.thenApply(returned -> new BatchBinding.Results(calls.arguments(), returned));
  }

  @Override
  protected void bindingOutput(
      BatchBinding.Results results, List<Bundle<BatchCall, @Nullable Object>> bundles) {
    binding.bind(results, bundles);
  }
}
