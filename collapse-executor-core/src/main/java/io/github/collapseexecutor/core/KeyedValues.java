package io.github.collapseexecutor.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the executors of a {@link BatchFunction} or a {@link MappedBatchFunction} do around it: the
 * distinct keys of a batch in, the values it answered by key out, and each caller settled with the
 * value of its key. Every rule on what a function returns is checked here, with a message that
 * names the executor.
 */
final class KeyedValues {

  private KeyedValues() {}

  /** Returns the distinct values of {@code inputs}, in the order their first callers came. */
  static <K> Set<K> distinctKeys(Collection<Input<K>> inputs) {
    Set<K> keys = new LinkedHashSet<>();
    for (Input<K> input : inputs) {
      keys.add(input.value());
    }
    return Collections.unmodifiableSet(keys);
  }

  /** Returns {@code keys} as the list a {@link BatchFunction} takes. */
  static <K> List<K> asList(Set<K> keys) {
    return Collections.unmodifiableList(new ArrayList<>(keys));
  }

  /**
   * Returns the values of a {@link BatchFunction} by key, pairing them by position.
   *
   * @throws NullPointerException if {@code values} is null
   * @throws IllegalStateException if {@code values} is not as long as {@code keys}
   */
  static <K, V extends @Nullable Object> Map<K, V> byPosition(
      String executor, List<K> keys, @Nullable List<V> values) {
    Objects.requireNonNull(
        values,
        () ->
            executor
                + ": the batch function returned null instead of a list of "
                + count(keys.size(), "value"));
    if (values.size() != keys.size()) {
      throw new IllegalStateException(
          executor
              + ": the batch function returned "
              + count(values.size(), "value")
              + " for "
              + count(keys.size(), "key")
              + "; it must return one value per key, in the order of the keys");
    }
    Map<K, V> byKey = new HashMap<>(keys.size() * 2);
    for (int i = 0; i < keys.size(); i++) {
      byKey.put(keys.get(i), values.get(i));
    }
    return byKey;
  }

  /**
   * Returns the values of a {@link MappedBatchFunction}.
   *
   * @throws NullPointerException if {@code values} is null
   */
  static <K, V extends @Nullable Object> Map<K, V> byKey(
      String executor, @Nullable Map<K, V> values) {
    return Objects.requireNonNull(
        values,
        () -> executor + ": the batch function returned null instead of a map of values by key");
  }

  /**
   * Settles each bundle with the value of its key, made into the bundle's output by
   * {@code output}; a bundle whose key has no value fails alone, with an error that names the key.
   */
  static <K, V extends @Nullable Object, O extends @Nullable Object> void bind(
      String executor, Map<K, V> values, List<Bundle<K, O>> bundles, Function<V, O> output) {
    for (Bundle<K, O> bundle : bundles) {
      K key = bundle.value();
      // containsKey, so that a key the function mapped to null gets null, not a failure
      if (values.containsKey(key)) {
        bundle.bindOutput(output.apply(values.get(key)));
      } else {
        bundle.fail(
            new NoSuchElementException(
                executor
                    + ": the batch function returned no value for key "
                    + Names.describe(key)));
      }
    }
  }

  private static String count(int count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }
}
