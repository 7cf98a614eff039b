package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.benchmarks.load.ObservePrediction.Counts;
import io.github.collapseexecutor.benchmarks.load.ObservePrediction.Row;
import io.github.collapseexecutor.benchmarks.load.ObservePrediction.Workload;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bookkeeping of the observe-mode comparison: what each row predicts and measures. */
final class ObservePredictionTest {

  @Test
  void aRowPredictsTheSavesOverTheRequestsAndMeasuresTheCallsSaved() {
    Row row =
        new Row("RestClient", 50, Workload.HOT, new Counts(100, 80, 100), new Counts(120, 0, 30));

    assertThat(row.predicted()).isEqualTo(0.8);
    assertThat(row.measured()).isEqualTo(0.75);
    assertThat(ObservePrediction.table(List.of(row), Duration.ofSeconds(10)))
        .contains("| RestClient | 50 | 8 hot keys | 100 | 80.0% | 120 | 75.0% |");
  }

  @Test
  void countsSinceAReadingAreTheDifference() {
    assertThat(new Counts(30, 20, 25).minus(new Counts(10, 5, 10)))
        .isEqualTo(new Counts(20, 15, 15));
  }

  @Test
  void theWorkloadWithoutDuplicatesNeverRepeatsAKey() {
    var keys = Workload.UNIQUE.keys();

    assertThat(List.of(keys.getAsLong(), keys.getAsLong(), keys.getAsLong()))
        .doesNotHaveDuplicates();
    var hot = Workload.HOT.keys();
    for (int i = 0; i < 100; i++) {
      assertThat(hot.getAsLong()).isBetween(0L, (long) ObservePrediction.HOT_KEYS - 1);
    }
  }
}
