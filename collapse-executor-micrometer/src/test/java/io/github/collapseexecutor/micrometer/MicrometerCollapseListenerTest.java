package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Which meters each kind of executor gets, and when. */
final class MicrometerCollapseListenerTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final MicrometerCollapseListener listener =
      new MicrometerCollapseListener(registry, "core");

  @Test
  void aBatchExecutorWithLimitsHasEveryMeterAtZeroOnceCreated() {
    listener.executorCreated(CreatedExecutor.batch("users", true, true));

    assertThat(meterNames("users"))
        .containsExactlyInAnyOrder(
            "collapse.executor.batch.size",
            "collapse.executor.calls",
            "collapse.executor.calls",
            "collapse.executor.wait",
            "collapse.executor.execution",
            "collapse.executor.execution",
            "collapse.executor.rejections",
            "collapse.executor.timeouts");
    assertThat(registry.get("collapse.executor.calls").tag("outcome", "ran").counter().count())
        .isZero();
  }

  @Test
  void aSameKeyExecutorWithoutTimeoutHasNoWaitRejectionsOrTimeouts() {
    listener.executorCreated(CreatedExecutor.sameKey("profiles", false));
    listener.batchCompleted(
        BatchReport.builder("profiles").size(3).executeNanos(1_000_000).build());

    assertThat(meterNames("profiles"))
        .containsExactlyInAnyOrder(
            "collapse.executor.batch.size",
            "collapse.executor.calls",
            "collapse.executor.calls",
            "collapse.executor.execution",
            "collapse.executor.execution");
    assertThat(
            registry.get("collapse.executor.calls").tag("outcome", "collapsed").counter().count())
        .isEqualTo(2);
  }

  @Test
  void anObservedHttpExecutorHasOnlyItsBatchSizes() {
    listener.executorCreated(CreatedExecutor.http("rest-template", true));
    listener.batchCompleted(
        BatchReport.builder("rest-template").size(5).executeNanos(1_000_000).build());
    listener.callTimedOut("rest-template");

    assertThat(meterNames("rest-template")).containsExactly("collapse.executor.batch.size");
    assertThat(registry.get("collapse.executor.batch.size").summary().max()).isEqualTo(5);
  }

  @Test
  void aMethodsCopiesAndItsCallsThatRanItThemselvesAreMeteredByReasonAsTheyHappen() {
    listener.executorCreated(CreatedExecutor.sameKey("Pages.page", false));
    assertThat(registry.find("collapse.executor.copy").meters()).isEmpty();
    assertThat(registry.find("collapse.executor.unshared").meters()).isEmpty();

    listener.resultCopied("Pages.page", 2_000);
    listener.resultCopied("Pages.page", 4_000);
    listener.callNotCollapsed("Pages.page", "copy-failed");
    listener.callNotCollapsed("Pages.page", "mutable-result");
    listener.callNotCollapsed("Pages.page", "mutable-result");

    Timer copies = registry.get("collapse.executor.copy").tag("executor", "Pages.page").timer();
    assertThat(copies.count()).isEqualTo(2);
    assertThat(copies.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(6_000);
    assertThat(copies.takeSnapshot().percentileValues())
        .extracting(ValueAtPercentile::percentile)
        .containsExactly(0.5);
    assertThat(
            registry
                .get("collapse.executor.unshared")
                .tag("executor", "Pages.page")
                .tag("reason", "mutable-result")
                .counter()
                .count())
        .isEqualTo(2);
    assertThat(
            registry
                .get("collapse.executor.unshared")
                .tag("reason", "copy-failed")
                .tag("integration", "core")
                .counter()
                .count())
        .isEqualTo(1);
  }

  @Test
  void anExecutorNobodyAnnouncedGetsTheMetersOfABatchExecutorOnItsFirstReport() {
    assertThat(registry.getMeters()).isEmpty();

    listener.callRejected("orders");

    assertThat(meterNames("orders")).hasSize(8);
    assertThat(registry.get("collapse.executor.rejections").counter().count()).isEqualTo(1);
  }

  private List<String> meterNames(String executor) {
    return registry.getMeters().stream()
        .filter(meter -> executor.equals(meter.getId().getTag("executor")))
        .map(Meter::getId)
        .map(Meter.Id::getName)
        .toList();
  }
}
