package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The batch executor of one {@code @CollapseBatch} method: calls the batch method once with the
 * distinct arguments of a batch and hands each caller the result for its own argument.
 */
final class MethodBatchExecutor
    extends CollapseExecutorBlockingSupport<BatchCall, @Nullable Object, BatchBinding.Results> {

  private final BatchMethod batchMethod;
  private final MethodObserver observer;
  private final BatchBinding binding;
  private final String name;

  MethodBatchExecutor(
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
  protected BatchBinding.Results doExecute(Collection<Input<BatchCall>> inputs) throws Exception {
    BatchBinding.Calls calls = BatchBinding.Calls.of(inputs);
    return new BatchBinding.Results(
        calls.arguments(),
        observer.batch(
            name, calls.callers(), () -> batchMethod.invoke(calls.bean(), calls.arguments())));
  }

  @Override
  protected void bindingOutput(
      BatchBinding.Results results, List<Bundle<BatchCall, @Nullable Object>> bundles) {
    binding.bind(results, bundles);
  }
}
