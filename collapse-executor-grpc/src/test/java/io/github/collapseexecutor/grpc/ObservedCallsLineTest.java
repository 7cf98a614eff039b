package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.testing.LoggedRecords;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/**
 * The INFO line of an observing interceptor: none before its interval has passed, then one when a
 * call ends, with what collapse would have saved so far.
 */
final class ObservedCallsLineTest {

  private final AtomicLong now = new AtomicLong();
  private final ObservedCalls observed = new ObservedCalls("grpc", CollapseListener.NONE, now::get);

  @Test
  void aLineEveryIntervalSaysWhatCollapseWouldHaveSaved() {
    try (LoggedRecords logged = LoggedRecords.of(ObservedCalls.class)) {
      ObservedCalls.Call first = observed.call();
      ObservedCalls.Call joined = observed.call();
      ObservedCalls.Call other = observed.call();
      first.start("quote 1", "Quotes/Get");
      joined.start("quote 1", "Quotes/Get");
      other.start("quote 2", "Quotes/Get");

      joined.end();
      other.end();
      assertThat(logged.records()).isEmpty();
      now.addAndGet(ObservedCalls.INTERVAL_NANOS);
      first.end();
      ObservedCalls.Call later = observed.call();
      later.start("quote 1", "Quotes/Get");
      later.end();

      assertThat(logged.records())
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.INFO);
                assertThat(record.getMessage())
                    .isEqualTo("grpc: observing: would save 33% of 3 calls");
              });
      assertThat(observed.line()).isEqualTo("grpc: observing: would save 25% of 4 calls");
    }
  }
}
