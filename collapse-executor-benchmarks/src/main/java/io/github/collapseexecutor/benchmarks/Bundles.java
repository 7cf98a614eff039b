package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.Bundle;
import java.util.List;
import java.util.function.Function;

/** How the benchmarks' batch executors bind their outputs, in every flavour. */
final class Bundles {

  private Bundles() {}

  /** Binds each bundle the output that {@code output} gives for its input. */
  static <I, O> void bindEach(List<Bundle<I, O>> bundles, Function<I, O> output) {
    // by index: no iterator to allocate on the measured path
    for (int i = 0; i < bundles.size(); i++) {
      Bundle<I, O> bundle = bundles.get(i);
      bundle.bindOutput(output.apply(bundle.value()));
    }
  }
}
