package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.Bundle;
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
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The batches of one {@code @CollapseBatch} method, whichever executor runs them: calls its batch
 * method once with the distinct arguments of a batch, observed, and hands each caller the result
 * for its own argument, from a {@code List} in the order of the arguments or a {@code Map} keyed
 * by argument.
 */
final class MethodBatches {

  private final String name;
  private final BatchMethod batchMethod;
  private final MethodObserver observer;
  private final JoinerResults results;

  /**
   * @param name the name of the method's executor
   * @param results what a caller gets of the result for its argument
   */
  MethodBatches(
      String name, BatchMethod batchMethod, MethodObserver observer, JoinerResults results) {
    this.name = name;
    this.batchMethod = batchMethod;
    this.observer = observer;
    this.results = results;
  }

  /** Calls the batch method on this thread and returns what it returned. */
  Results call(Collection<Input<BatchCall>> inputs) throws Exception {
    Calls calls = Calls.of(inputs);
    return new Results(
        calls.arguments(),
        observer.batch(
            name, calls.callers(), () -> batchMethod.invoke(calls.bean(), calls.arguments())));
  }

  /**
   * Starts the batch method, a {@code suspend fun}, in the coroutine context of the batch's first
   * caller, and returns the future of what it returns. The callers of a batch share one identity,
   * so the first one's context serves them all; the observation lasts until the method ends.
   */
  // the observer hands back what the batch method returned: the future it started, as an Object
  @SuppressWarnings({"unchecked", "FutureReturnValueIgnored"})
  CompletableFuture<Results> start(Collection<Input<BatchCall>> inputs) throws Exception {
    Calls calls = Calls.of(inputs);
    Object coroutine = Objects.requireNonNull(calls.first().coroutine(), "coroutine");
    CompletableFuture<@Nullable Object> started =
        (CompletableFuture<@Nullable Object>)
            Objects.requireNonNull(
                observer.batch(
                    name,
                    calls.callers(),
                    () -> batchMethod.start(calls.bean(), calls.arguments(), coroutine)));
    return started.thenApply(returned -> new Results(calls.arguments(), returned));
  }

  /** Hands each caller of a batch its result, or fails it. */
  void bind(Results results, List<Bundle<BatchCall, @Nullable Object>> bundles) {
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
    // a copy that failed is an OwnCall: the caller makes a single call of its own
    bundle.bindOutput(
        given.add(bundle.value().argument())
            ? results.forOwner(result)
            : results.forJoiner(result));
  }

  private static void fail(
      List<Bundle<BatchCall, @Nullable Object>> bundles, Function<Object, String> message) {
    for (Bundle<BatchCall, @Nullable Object> bundle : bundles) {
      bundle.fail(new IllegalStateException(message.apply(bundle.value().argument())));
    }
  }

  /**
   * The calls of one batch, as the batch method takes them.
   *
   * @param arguments the distinct arguments, in the order their first callers came; unmodifiable
   * @param callers each caller's observation, in order
   * @param first the first call: its bean is every call's, as the grouper keeps one bean per
   *     batch, and so is its identity
   */
  record Calls(List<Object> arguments, List<@Nullable Object> callers, BatchCall first) {

    static Calls of(Collection<Input<BatchCall>> inputs) {
      Set<Object> distinct = new LinkedHashSet<>();
      List<@Nullable Object> callers = new ArrayList<>(inputs.size());
      for (Input<BatchCall> input : inputs) {
        distinct.add(input.value().argument());
        callers.add(input.value().caller());
      }
      return new Calls(List.copyOf(distinct), callers, inputs.iterator().next().value());
    }

    /** Returns what the batch method is called on. */
    Object bean() {
      return first.bean();
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
