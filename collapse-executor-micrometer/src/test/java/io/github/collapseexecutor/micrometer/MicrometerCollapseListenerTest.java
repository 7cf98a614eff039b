package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.BatchReport;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
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
