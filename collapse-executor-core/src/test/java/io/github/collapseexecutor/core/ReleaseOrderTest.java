package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** When a batch gives its slot back: before handing out its outputs, or after. */
final class ReleaseOrderTest {

  private static final long MICROS = 1_000;
  private static final long ONE_MS_CALL = 1_000 * MICROS;

  private final ReleaseOrder release = new ReleaseOrder();

  @Test
  void beforeAnythingWasMeasuredABatchHandsOutFirst() {
    assertThat(release.afterHandOut(200, ONE_MS_CALL)).isTrue();
  }

  @Test
  void aBatchHandsOutFirstOnlyWhileThatTakesAtMostHalfItsBackendCall() {
    release.handedOut(10, 100 * MICROS);

    // 10 µs a call: 50 calls take half of a 1 ms backend call, 51 take more
    assertThat(release.afterHandOut(16, ONE_MS_CALL)).isTrue();
    assertThat(release.afterHandOut(50, ONE_MS_CALL)).isTrue();
    assertThat(release.afterHandOut(51, ONE_MS_CALL)).isFalse();
    assertThat(release.afterHandOut(200, ONE_MS_CALL)).isFalse();
    // a backend call much faster than waking the callers: release at once
    assertThat(release.afterHandOut(2, 5 * MICROS)).isFalse();
  }

  @Test
  void theEstimateFollowsWhatHandingOutCostsLately() {
    release.handedOut(100, 100 * 100 * MICROS);
    assertThat(release.afterHandOut(16, ONE_MS_CALL)).isFalse();

    for (int i = 0; i < 40; i++) {
      release.handedOut(100, 100 * 5 * MICROS);
    }

    assertThat(release.afterHandOut(16, ONE_MS_CALL)).isTrue();
  }

  /**
   * Callers that call again as soon as they are answered join one batch together, because the
   * batch that answered them keeps its slot until they are all answered. Given the slot back
   * first, the first to call again would start a batch alone and the others would queue behind it.
   */
  @Test
  void callersThatCallAgainWhenAnsweredShareTheNextBatch() {
    List<Integer> batchSizes = new ArrayList<>();
    List<CompletableFuture<Map<String, String>>> backendCalls = new ArrayList<>();
    var executor =
        new CollapseExecutorFutureSupport<String, String, Map<String, String>>() {
          @Override
          protected CompletableFuture<Map<String, String>> doExecute(
              Collection<Input<String>> inputs) {
            batchSizes.add(inputs.size());
            CompletableFuture<Map<String, String>> call = new CompletableFuture<>();
            backendCalls.add(call);
            return call;
          }

          @Override
          protected void bindingOutput(
              Map<String, String> output, List<Bundle<String, String>> bundles) {
            bundles.forEach(bundle -> bundle.bindOutput(output.get(bundle.value())));
          }
        };
    CompletableFuture<String> first = executor.execute("a");
    // b and c queue while a's batch holds the only slot, then share the next batch
    CompletableFuture<String> b = executor.execute("b");
    CompletableFuture<String> c = executor.execute("c");
    List<CompletableFuture<String>> again = new ArrayList<>();
    b.thenRun(() -> again.add(executor.execute("b2")));
    c.thenRun(() -> again.add(executor.execute("c2")));
    answer(backendCalls.get(0), "a");
    assertThat(first).isCompletedWithValue("A");

    answer(backendCalls.get(1), "b", "c");

    assertThat(b).isCompletedWithValue("B");
    assertThat(c).isCompletedWithValue("C");
    assertThat(batchSizes).containsExactly(1, 2, 2);
    answer(backendCalls.get(2), "b2", "c2");
    assertThat(again).extracting(CompletableFuture::join).containsExactly("B2", "C2");
  }

  private static void answer(CompletableFuture<Map<String, String>> call, String... inputs) {
    call.complete(
        List.of(inputs).stream()
            .collect(Collectors.toMap(Function.identity(), String::toUpperCase)));
  }
}
