package io.github.collapseexecutor.samples.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.ActiveProfiles;

/**
 * The tracing sample's 50 concurrent identical calls, as its tracer recorded them: one span of
 * the shared call, 50 caller spans of which 49 joined and link to it, and one backend request.
 * The backend holds the first call until every caller waits, so that all 50 meet however the
 * threads are scheduled.
 */
@SpringBootTest(classes = TracingSampleApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles(TracingSampleApplication.PROFILE)
@Import(TracingSampleTest.HeldBackend.class)
class TracingSampleTest {

  @Autowired
  QuoteCallers callers;

  @Autowired
  QuoteBackend backend;

  @Autowired
  RecordedSpans spans;

  @Test
  void fiftyCallersMakeOneSharedCallSpanAndFortyNineJoinedSpansLinkedToIt() throws Exception {
    spans.clear();

    List<String> quotes = callers.call(QuoteCallers.CALLERS, 7);

    assertThat(quotes).hasSize(50).containsOnly("quote 7");
    assertThat(backend.calls()).isEqualTo(1);
    SpanReport report = spans.awaitReport();
    assertThat(report.sharedCalls()).isEqualTo(1);
    assertThat(report.callerSpans()).isEqualTo(50);
    assertThat(report.callers()).containsEntry("led", 1).containsEntry("joined", 49)
        .hasSize(2);
    assertThat(report.joinedLinked()).isEqualTo(49);
    assertThat(report.serverSpans()).isEqualTo(1);
  }

  /** A backend whose first call waits, at most 10 s, until every caller is parked. */
  @TestConfiguration(proxyBeanMethods = false)
  static class HeldBackend {

    @Bean
    @Primary
    QuoteBackend heldQuoteBackend(QuoteCallers callers) {
      AtomicBoolean first = new AtomicBoolean();
      return new QuoteBackend(Duration.ZERO) {
        @Override
        public String quote(long id) throws InterruptedException {
          if (first.compareAndSet(false, true)) {
            awaitParked(callers);
          }
          return super.quote(id);
        }
      };
    }

    private static void awaitParked(QuoteCallers callers) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!allParked(callers.threads()) && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
    }

    private static boolean allParked(List<Thread> threads) {
      return threads.stream().allMatch(thread -> thread.getState() == Thread.State.WAITING
          || thread.getState() == Thread.State.TIMED_WAITING
          || thread.getState() == Thread.State.TERMINATED);
    }
  }
}
