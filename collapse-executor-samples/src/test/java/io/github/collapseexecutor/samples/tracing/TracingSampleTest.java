package io.github.collapseexecutor.samples.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.Filter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.ActiveProfiles;

/**
 * The tracing sample's 50 concurrent identical requests to its controller, as its tracer recorded
 * them: one span of the shared call, and 50 request spans, of which the 49 that joined each link
 * to the shared call's span, and no other links. The backend holds the first call until every
 * other request waits for it, so that all 50 meet however the threads are scheduled.
 */
@SpringBootTest(
    classes = TracingSampleApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles(TracingSampleApplication.PROFILE)
@Import(TracingSampleTest.HeldBackend.class)
@Timeout(120)
class TracingSampleTest {

  @Autowired QuoteCallers callers;

  @Autowired QuoteBackend backend;

  @Autowired RecordedSpans spans;

  @Test
  void fiftyRequestsMakeOneSharedSpanAndFortyNineRequestSpansLinkedToIt() throws Exception {
    spans.clear();

    List<String> quotes = callers.call(QuoteCallers.CALLERS, 7);

    assertThat(quotes).hasSize(50).containsOnly("quote 7");
    assertThat(backend.calls()).isEqualTo(1);
    SpanReport report = spans.awaitReport(QuoteCallers.CALLERS);
    assertThat(report.sharedCalls()).isEqualTo(1);
    assertThat(report.requestSpans()).isEqualTo(50);
    assertThat(report.requests()).containsEntry("led", 1).containsEntry("joined", 49).hasSize(2);
    assertThat(report.links()).isEqualTo(49);
    assertThat(report.linksToShared()).isEqualTo(49);
    assertThat(report.joinedLinked()).isEqualTo(49);
  }

  /**
   * A backend whose first call waits, at most 10 s, until every request has reached the
   * controller and every other request thread is parked, waiting for the shared call.
   */
  @TestConfiguration(proxyBeanMethods = false)
  static class HeldBackend {

    private static final String EXECUTOR_PACKAGE = "io.github.collapseexecutor.";

    private final Set<Thread> requestThreads = ConcurrentHashMap.newKeySet();

    /** Notes the thread of each request. */
    @Bean
    Filter requestThreads() {
      return (request, response, chain) -> {
        requestThreads.add(Thread.currentThread());
        chain.doFilter(request, response);
      };
    }

    @Bean
    @Primary
    QuoteBackend heldQuoteBackend() {
      AtomicBoolean first = new AtomicBoolean();
      return new QuoteBackend(Duration.ZERO) {
        @Override
        public String quote(long id) throws InterruptedException {
          if (first.compareAndSet(false, true)) {
            awaitArrived(QuoteCallers.CALLERS);
            awaitOthersWaiting();
          }
          return super.quote(id);
        }
      };
    }

    private void awaitArrived(int requests) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (requestThreads.size() < requests && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
    }

    /**
     * Waits until every other request thread waits inside the collapse executor, parked by it: one
     * parked on a lock (the executor's queue lock), waiting for a class to be initialized or
     * blocked on a monitor has not joined yet, and keeps that state for a while after it was let
     * go, until it runs again; so it does not count.
     */
    private void awaitOthersWaiting() {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!requestThreads.stream().allMatch(HeldBackend::waitsOrIsThis)
          && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
    }

    private static boolean waitsOrIsThis(Thread thread) {
      Thread.State state = thread.getState();
      Object blocker = LockSupport.getBlocker(thread);
      return thread == Thread.currentThread()
          || (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING)
              && blocker != null
              && blocker.getClass().getName().startsWith(EXECUTOR_PACKAGE);
    }
  }
}
