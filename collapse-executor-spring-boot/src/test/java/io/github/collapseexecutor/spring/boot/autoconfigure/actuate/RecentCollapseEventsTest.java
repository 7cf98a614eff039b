package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RecentEvent;
import io.github.collapseexecutor.testing.http.Concurrently;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

final class RecentCollapseEventsTest {

  @Test
  void keepsTheLastEventsNewestFirst() {
    RecentCollapseEvents events = new RecentCollapseEvents(3);
    for (int size = 1; size <= 5; size++) {
      events.batchCompleted(
          BatchReport.builder("users")
              .size(size)
              .collectNanos(2_000_000)
              .executeNanos(5_000_000)
              .build());
    }

    assertThat(events.list()).extracting(RecentEvent::size).containsExactly(5, 4, 3);
    RecentEvent newest = events.list().get(0);
    assertThat(newest.type()).isEqualTo("batch");
    assertThat(newest.executor()).isEqualTo("users");
    assertThat(newest.waitMillis()).isEqualTo(2.0);
    assertThat(newest.executeMillis()).isEqualTo(5.0);
    assertThat(newest.failure()).isNull();
    assertThat(newest.time()).isNotNull();
  }

  @Test
  void recordsFailuresUnsharedRequestsRejectionsAndTimeouts() {
    RecentCollapseEvents events = new RecentCollapseEvents(10);

    events.batchCompleted(
        BatchReport.builder("users")
            .size(2)
            .executeNanos(1)
            .failure(new IOException("down"))
            .build());
    events.requestUnshared(
        "servlet", CollapseGroup.ofRegexes("/api/.*"), UnsharedReason.WAIT_TIMEOUT);
    events.callRejected("users");
    events.callTimedOut("users");

    assertThat(events.list())
        .extracting(RecentEvent::type)
        .containsExactly("timed-out", "rejected", "unshared", "batch");
    RecentEvent unshared = events.list().get(2);
    assertThat(unshared.group()).isEqualTo("/api/.*");
    assertThat(unshared.reason()).isEqualTo(UnsharedReason.WAIT_TIMEOUT.tag());
    assertThat(events.list().get(3).failure()).isEqualTo(IOException.class.getName());
  }

  @Test
  void aCapacityOfZeroKeepsNothing() {
    RecentCollapseEvents events = new RecentCollapseEvents(0);
    events.callRejected("users");

    assertThat(events.isRecording()).isFalse();
    assertThat(events.list()).isEmpty();
  }

  @Test
  void aCapacityOutsideTheBoundsIsRefused() {
    assertThatThrownBy(() -> new RecentCollapseEvents(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
    assertThatThrownBy(() -> new RecentCollapseEvents(RecentCollapseEvents.MAX_CAPACITY + 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1001");
  }

  /**
   * Hazard: writers that race for slots, and a reader that reads while they write, must never
   * show more events than the capacity, the same event twice, or an event older than one it left
   * out.
   */
  @Test
  @Timeout(30)
  void concurrentWritersNeverOverfillTheRingOrRepeatAnEvent() throws Exception {
    RecentCollapseEvents events = new RecentCollapseEvents(16);
    int writers = 4;
    int each = 5_000;

    AtomicInteger tickets = new AtomicInteger();
    Concurrently.run(
        writers + 1,
        () -> {
          int ticket = tickets.getAndIncrement();
          if (ticket == 0) {
            for (int i = 0; i < 200; i++) {
              List<RecentEvent> seen = events.list();
              assertThat(seen.size()).isLessThanOrEqualTo(16);
              assertThat(seen).doesNotHaveDuplicates();
            }
            return null;
          }
          for (int i = 0; i < each; i++) {
            events.batchCompleted(BatchReport.builder("writer " + ticket).size(i).build());
          }
          return null;
        });

    assertThat(events.list()).hasSize(16).doesNotHaveDuplicates();
  }
}
