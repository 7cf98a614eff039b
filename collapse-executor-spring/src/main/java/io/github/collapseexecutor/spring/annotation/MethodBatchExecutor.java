package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The batch executor of one {@code @CollapseBatch} method: calls the batch method once with the
 * distinct arguments of a batch and hands each caller the result for its own argument.
 */
final class MethodBatchExecutor
    extends CollapseExecutorBlockingSupport<
        BatchCall, @Nullable Object, MethodBatchExecutor.Results> {

  private final BatchMethod batchMethod;
  private final MethodObserver observer;
  private final JoinerResults results;
  private final String name;

  MethodBatchExecutor(
      CollapseExecutorOptions options,
      BatchMethod batchMethod,
      MethodObserver observer,
      JoinerResults results) {
    super(options);
    this.batchMethod = batchMethod;
    this.observer = observer;
    this.results = results;
    // BatchCollapser names every executor it makes
    this.name = Objects.requireNonNull(options.name(), "name");
  }

  @Override
  protected Results doExecute(Collection<Input<BatchCall>> inputs) throws Exception {
    Set<Object> distinct = new LinkedHashSet<>();
    List<@Nullable Object> callers = new ArrayList<>(inputs.size());
    for (Input<BatchCall> input : inputs) {
      distinct.add(input.value().argument());
      callers.add(input.value().caller());
    }
    List<Object> arguments = new ArrayList<>(distinct);
    // the grouper keeps one bean per batch
    Object bean = inputs.iterator().next().value().bean();
    return new Results(
        arguments,
        observer.batch(name, callers, () -> batchMethod.invoke(bean, List.copyOf(arguments))));
  }

  @Override
  protected void bindingOutput(Results results, List<Bundle<BatchCall, @Nullable Object>> bundles) {
    if (results.returned() == null) {
      fail(
          bundles,
          argument -> batchMethod + " returned null for the batch holding argument " + argument);
    } else if (batchMethod.returnsMap()) {
      bindByKey((Map<?, ?>) results.returned(), bundles);
    } else {
      bindByPosition(results.arguments(), (List<?>) results.returned(), bundles);
    }
  }

  private void bindByKey(Map<?, ?> returned, List<Bundle<BatchCall, @Nullable Object>> bundles) {
    Set<Object> given = new HashSet<>();
    for (Bundle<BatchCall, @Nullable Object> bundle : bundles) {
      Object argument = bundle.value().argument();
      if (returned.containsKey(argument)) {
        bind(bundle, returned.get(argument), given);
      } else {
        bundle.fail(
            new IllegalStateException(batchMethod + " returned no entry for argument " + argument));
      }
    }
  }

  private void bindByPosition(
      List<Object> arguments, List<?> returned, List<Bundle<BatchCall, @Nullable Object>> bundles) {
    if (returned.size() != arguments.size()) {
      // with a result missing or extra, no position can be trusted
      fail(
          bundles,
          argument ->
              batchMethod
                  + " returned "
                  + returned.size()
                  + " results for "
                  + arguments.size()
                  + " arguments, so none is known to be the result for argument "
                  + argument);
      return;
    }
    Map<Object, Integer> positions = new HashMap<>();
    for (int i = 0; i < arguments.size(); i++) {
      positions.put(arguments.get(i), i);
    }
    Set<Object> given = new HashSet<>();
    for (Bundle<BatchCall, @Nullable Object> bundle : bundles) {
      // every bundle's argument is one of the arguments the positions were taken of
      int position = Objects.requireNonNull(positions.get(bundle.value().argument()));
      bind(bundle, returned.get(position), given);
    }
  }

  /**
   * Binds to {@code bundle} what {@link JoinerResults} hands its caller of {@code result}: the
   * first caller of an argument gets it unless it holds a managed object, each later caller of
   * that argument in this batch what a caller that joined gets.
   *
   * @param given the arguments bound so far
   */
  // the bundle's output type is @Nullable Object, which only NullAway's JSpecify mode reads
  @SuppressWarnings("NullAway")
  private void bind(
      Bundle<BatchCall, @Nullable Object> bundle, @Nullable Object result, Set<Object> given) {
    Object handed;
    try {
      handed =
          given.add(bundle.value().argument())
              ? results.forOwner(result)
              : results.forJoiner(result);
    } catch (RuntimeException e) {
      // the copier failed this caller, not the batch
      bundle.fail(e);
      return;
    }
    bundle.bindOutput(handed);
  }

  private static void fail(
      List<Bundle<BatchCall, @Nullable Object>> bundles, Function<Object, String> message) {
    for (Bundle<BatchCall, @Nullable Object> bundle : bundles) {
      bundle.fail(new IllegalStateException(message.apply(bundle.value().argument())));
    }
  }

  /**
   * What one batch returned.
   *
   * @param arguments the distinct arguments the batch method was called with, in order
   * @param returned what it returned: a list, a map, or {@code null}
   */
  record Results(List<Object> arguments, @Nullable Object returned) {}
}
