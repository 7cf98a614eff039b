package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorFutureSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The batch executor of one {@code @CollapseBatch} {@code suspend fun}: its batch method, a
 * {@code suspend fun} too, starts in a coroutine, and the callers wait holding no thread.
 */
final class MethodBatchFutures
    extends CollapseExecutorFutureSupport<BatchCall, @Nullable Object, MethodBatches.Results> {

  private final MethodBatches batches;

  MethodBatchFutures(CollapseExecutorOptions options, MethodBatches batches) {
    super(options);
    this.batches = batches;
  }

  @Override
  protected CompletableFuture<MethodBatches.Results> doExecute(Collection<Input<BatchCall>> inputs)
      throws Exception {
    return batches.start(inputs);
  }

  @Override
  protected void bindingOutput(
      MethodBatches.Results results, List<Bundle<BatchCall, @Nullable Object>> bundles) {
    batches.bind(results, bundles);
  }
}
