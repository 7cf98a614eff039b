package io.github.collapseexecutor.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

final class LoaderVariantTest {

  @Test
  void aFlavourAloneHasTheDefaultOptions() {
    LoaderVariant variant = LoaderVariant.parse("async");

    assertThat(variant.blocking()).isFalse();
    assertThat(variant.options())
        .usingRecursiveComparison()
        .isEqualTo(CollapseExecutorOptions.defaults());
  }

  @Test
  void aNumberOrMaxFixesTheLimit() {
    CollapseExecutorOptions four = LoaderVariant.parse("blocking-4").options();
    CollapseExecutorOptions max = LoaderVariant.parse("async-max").options();

    assertThat(four.maxConcurrentBatches()).isEqualTo(4);
    assertThat(four.adaptiveConcurrency()).isFalse();
    assertThat(max.maxConcurrentBatches()).isEqualTo(Integer.MAX_VALUE);
    assertThat(max.adaptiveConcurrency()).isFalse();
  }

  @Test
  void anythingElseIsRefusedByName() {
    for (String name : new String[] {"blocking-x", "blocking-0", "turbo", "async-", "direct"}) {
      assertThatThrownBy(() -> LoaderVariant.parse(name))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("unknown variant: " + name);
    }
  }

  @Test
  @Timeout(30)
  void aStartedLoaderLoadsThroughItsFlavourAndCloses() {
    SlowBackend backend = new SlowBackend(0);
    for (String name : new String[] {"blocking-1", "async-1"}) {
      LoaderVariant.Started<Integer> loader =
          LoaderVariant.parse(name).start(backend, SlowBackendLoaders.IDS);

      assertThat(loader.load(7)).isEqualTo(SlowBackend.valueOf(7));
      assertThat(loader.probe().limit()).isEqualTo(1);
      loader.close();
      assertThatThrownBy(() -> loader.load(8)).isInstanceOf(IllegalStateException.class);
    }
    assertThat(backend.calls()).isEqualTo(2);
  }
}
