package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.annotation.SharedResultsTest.Secretive;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.testing.LoggedRecords;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/**
 * The INFO line of an observing method: none before its interval has passed, then one when a
 * call ends, with what collapse would have saved so far and why it would not have shared more.
 */
final class ObservedCallsTest {

  private final AtomicLong now = new AtomicLong();
  private final MethodReports reports =
      new MethodReports("Quotes.quote", MethodObserver.NONE, CollapseListener.NONE);
  private final ObservedCalls observed =
      new ObservedCalls(
          "Quotes.quote",
          new JoinerResults(
              "Quotes.quote(int)", ResultCopies.NONE, () -> new SharedResults(null), reports),
          reports,
          now::get);

  @Test
  void aLineEveryIntervalSaysWhatCollapseWouldHaveSavedAndWhyNotMore() throws Exception {
    try (LoggedRecords logged = LoggedRecords.of(ObservedCalls.class)) {
      CallKey key = new CallKey(this, Object.class.getMethod("toString"), 1, null, 0);
      ObservedCalls.Call first = observed.start(key);
      ObservedCalls.Call shared = observed.start(key);
      ObservedCalls.Call mutable = observed.start(key);
      ObservedCalls.Call failed = observed.start(key);

      shared.returned("quote");
      mutable.returned(new Secretive());
      assertThat(logged.records()).isEmpty();
      now.addAndGet(ObservedCalls.INTERVAL_NANOS);
      // a failure collapse would hand every caller of the run: a save
      failed.failed();
      first.returned("quote");

      assertThat(logged.records())
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.INFO);
                assertThat(record.getMessage())
                    .isEqualTo(
                        "Quotes.quote: observing: would save 67% of 3 calls (3 would join);"
                            + " not shared: mutable-result 33%");
              });
      assertThat(observed.line())
          .isEqualTo(
              "Quotes.quote: observing: would save 50% of 4 calls (3 would join);"
                  + " not shared: mutable-result 25%");
    }
  }
}
