package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The batch executor of one {@code @CollapseBatch} method: a caller that finds a free slot calls
 * the batch method on its own thread for the batch, and the others wait on theirs.
 */
final class MethodBatchExecutor
    extends CollapseExecutorBlockingSupport<BatchCall, @Nullable Object, MethodBatches.Results> {

  private final MethodBatches batches;

  MethodBatchExecutor(CollapseExecutorOptions options, MethodBatches batches) {
    super(options);
    this.batches = batches;
  }

  @Override
  protected MethodBatches.Results doExecute(Collection<Input<BatchCall>> inputs) throws Exception {
    return batches.call(inputs);
  }

  @Override
  protected void bindingOutput(
      MethodBatches.Results results, List<Bundle<BatchCall, @Nullable Object>> bundles) {
    batches.bind(results, bundles);
  }
}
