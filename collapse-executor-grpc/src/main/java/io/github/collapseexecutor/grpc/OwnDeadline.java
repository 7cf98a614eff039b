package io.github.collapseexecutor.grpc;

import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * A caller's own deadline, taken as grpc-java takes a plain call's when it starts: the earlier of
 * its call options' and its context's. It ends the caller's wait with the status a plain call
 * ends with, so that a caller cannot tell by its failure whether its call collapsed.
 */
final class OwnDeadline {

  private static final long NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);

  private final Deadline deadline;
  private final boolean fromContext;
  private final long timeoutNanos;

  private OwnDeadline(Deadline deadline, boolean fromContext, long timeoutNanos) {
    this.deadline = deadline;
    this.fromContext = fromContext;
    this.timeoutNanos = timeoutNanos;
  }

  /** Returns the deadline of a call started now with {@code options} in {@code context}, if any. */
  static @Nullable OwnDeadline of(CallOptions options, Context context) {
    Deadline ofOptions = options.getDeadline();
    Deadline ofContext = context.getDeadline();
    Deadline earlier =
        ofOptions == null
            ? ofContext
            : ofContext == null ? ofOptions : ofOptions.minimum(ofContext);
    if (earlier == null) {
      return null;
    }
    return new OwnDeadline(
        earlier, earlier.equals(ofContext), earlier.timeRemaining(TimeUnit.NANOSECONDS));
  }

  /**
   * Returns the latest of {@code deadlines}, or null when any is null: a call sent with it ends
   * by its deadline only once every one of them has passed, and a caller without a deadline
   * would object to any.
   */
  static @Nullable Deadline latest(List<@Nullable OwnDeadline> deadlines) {
    Deadline latest = null;
    for (OwnDeadline each : deadlines) {
      if (each == null) {
        return null;
      }
      if (latest == null || each.deadline.compareTo(latest) > 0) {
        latest = each.deadline;
      }
    }
    return latest;
  }

  Deadline deadline() {
    return deadline;
  }

  /**
   * Whether it comes from the caller's context, whose cancellation then tells that it passed, as
   * grpc-java lets it for a plain call, rather than from a timer.
   */
  boolean fromContext() {
    return fromContext;
  }

  boolean hasPassed() {
    return deadline.isExpired();
  }

  /**
   * Returns what a plain call that waited for its answer until its deadline ends with: the
   * words of grpc-java's {@code ClientCallImpl}, with where the call waited in brackets in place
   * of its transport's.
   */
  Status exceeded() {
    long whole = Math.abs(timeoutNanos);
    String description =
        (fromContext ? "Context" : "CallOptions")
            + " deadline exceeded after "
            + (timeoutNanos < 0 ? "-" : "")
            + whole / NANOS_PER_SECOND
            + String.format(Locale.US, ".%09d", whole % NANOS_PER_SECOND)
            + "s. "
            // the caller waited for no name resolution of its own
            + String.format(Locale.US, "Name resolution delay %.9f seconds.", 0.0)
            + " [waiting for a collapsed call]";
    return Status.DEADLINE_EXCEEDED.withDescription(description);
  }
}
