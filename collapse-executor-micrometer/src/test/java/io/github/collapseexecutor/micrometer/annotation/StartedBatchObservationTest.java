package io.github.collapseexecutor.micrometer.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.DefaultCollapseObservationConvention;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The batch method of a {@code suspend fun} returns as soon as its coroutine started: its
 * {@code collapse.call} observation lasts until the coroutine ends, and says how it ended.
 */
@Timeout(60)
final class StartedBatchObservationTest {

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private final ObservedMethods methods = new ObservedMethods(CollapseObservations.of(registry));
  private final List<@Nullable Object> callers = Arrays.asList(null, null, null);
  private final Stops stops = new Stops();

  StartedBatchObservationTest() {
    registry.observationConfig().observationHandler(stops);
  }

  @Test
  void theObservationOfAStartedBatchEndsWhenTheBatchEnds() throws Exception {
    CompletableFuture<Object> coroutine = new CompletableFuture<>();

    Object returned = methods.batch("PriceService.prices", callers, () -> coroutine);

    assertThat(returned).isInstanceOf(CompletableFuture.class);
    assertThat(stops.names).doesNotContain(DefaultCollapseObservationConvention.NAME);
    coroutine.complete(List.of("a", "b", "c"));
    assertThat(((CompletableFuture<?>) returned).get()).isEqualTo(List.of("a", "b", "c"));
    TestObservationRegistryAssert.assertThat(registry)
        .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
        .that()
        .hasBeenStopped()
        .hasLowCardinalityKeyValue("outcome", "shared")
        .hasHighCardinalityKeyValue("collapse.batch.size", "3");
  }

  @Test
  void aStartedBatchThatFailsIsAFailedCallWithItsOwnError() throws Exception {
    CompletableFuture<Object> coroutine = new CompletableFuture<>();

    Object returned = methods.batch("PriceService.prices", callers, () -> coroutine);
    coroutine.completeExceptionally(new IOException("down"));

    assertThat((CompletableFuture<?>) returned).isCompletedExceptionally();
    TestObservationRegistryAssert.assertThat(registry)
        .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
        .that()
        .hasBeenStopped()
        .hasLowCardinalityKeyValue("outcome", "failed")
        .assertThatError()
        .isInstanceOf(IOException.class)
        .hasMessage("down");
  }

  /** Records the name of each observation as it stops. */
  private static final class Stops implements ObservationHandler<Observation.Context> {

    final List<String> names = new CopyOnWriteArrayList<>();

    @Override
    public void onStop(Observation.Context context) {
      names.add(context.getName());
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
      return true;
    }
  }
}
