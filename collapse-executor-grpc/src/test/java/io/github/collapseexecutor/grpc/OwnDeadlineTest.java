package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A caller's own deadline is the earlier of its options' and its context's, as for a plain call,
 * and the deadline a shared call is sent again with is the latest of its callers', or none.
 */
final class OwnDeadlineTest {

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void stop() {
    timer.shutdownNow();
  }

  @Test
  void aCallWithoutAnyDeadlineHasNone() {
    assertThat(OwnDeadline.of(CallOptions.DEFAULT, Context.ROOT)).isNull();
  }

  @Test
  void theEarlierOfTheOptionsAndTheContextCounts() {
    Context.CancellableContext oneMinute =
        Context.ROOT.withDeadlineAfter(1, TimeUnit.MINUTES, timer);
    try {
      OwnDeadline byOptions = OwnDeadline.of(seconds(5), oneMinute);
      OwnDeadline byContext =
          OwnDeadline.of(CallOptions.DEFAULT.withDeadlineAfter(2, TimeUnit.MINUTES), oneMinute);

      assertThat(byOptions.fromContext()).isFalse();
      assertThat(byOptions.deadline().timeRemaining(TimeUnit.SECONDS)).isLessThanOrEqualTo(5);
      assertThat(byContext.fromContext()).isTrue();
      assertThat(byContext.deadline()).isEqualTo(oneMinute.getDeadline());
    } finally {
      oneMinute.cancel(null);
    }
  }

  @Test
  void aCallSentAgainTakesTheLatestDeadlineOrNoneIfACallerHasNone() {
    OwnDeadline one = OwnDeadline.of(seconds(1), Context.ROOT);
    OwnDeadline five = OwnDeadline.of(seconds(5), Context.ROOT);
    OwnDeadline three = OwnDeadline.of(seconds(3), Context.ROOT);

    assertThat(OwnDeadline.latest(Arrays.asList(one, five, three))).isEqualTo(five.deadline());
    assertThat(OwnDeadline.latest(Arrays.asList(one, null, five))).isNull();
  }

  @Test
  void itEndsAWaitWithTheWordsOfAPlainCall() {
    Status exceeded =
        OwnDeadline.of(
                CallOptions.DEFAULT.withDeadline(Deadline.after(1500, TimeUnit.MILLISECONDS)),
                Context.ROOT)
            .exceeded();

    assertThat(exceeded.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(exceeded.getDescription())
        .matches(
            "CallOptions deadline exceeded after "
                + "1\\.\\d{9}s\\. Name resolution delay 0\\.000000000 seconds\\. \\[.*]");
  }

  private static CallOptions seconds(int seconds) {
    return CallOptions.DEFAULT.withDeadlineAfter(seconds, TimeUnit.SECONDS);
  }
}
