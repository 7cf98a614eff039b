package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseListenerFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lets a test wait until an executor reported a shared run. The future-based adapters answer
 * their callers before the executor reports, so a test that reads metrics right after its calls
 * returned would race the report. Registered last, it runs after the Micrometer listener.
 */
final class ReportLatch implements CollapseListenerFactory {

  private volatile String integration = "";
  private volatile CountDownLatch latch = new CountDownLatch(0);

  /** Starts counting the reports of {@code integration}'s executor. */
  void expect(String integration) {
    this.latch = new CountDownLatch(1);
    this.integration = integration;
  }

  /** Waits, at most 10 s, for the report expected. */
  void await() throws InterruptedException {
    assertThat(latch.await(10, TimeUnit.SECONDS)).as("a batch report").isTrue();
  }

  @Override
  public CollapseListener create(String executorIntegration) {
    return new CollapseListener() {
      @Override
      public void batchCompleted(BatchReport report) {
        if (executorIntegration.equals(integration) && report.size() > 1) {
          latch.countDown();
        }
      }
    };
  }
}
