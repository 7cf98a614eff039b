package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.fleet.Fleet;
import io.grpc.Deadline;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The shared call of a key that also collapses with the other instances of the application,
 * through a fleet tier: one instance sends it, and the others take the reply it received. The
 * first caller of the key on this instance asks the tier, without holding a thread, for no longer
 * than its own deadline (or {@link #MAX_WAIT} without one); then it sends its own. Only a reply
 * that ended with {@code OK} crosses: a failure reaches the callers of the instance that sent the
 * call, and the others send their own.
 */
final class FleetSharedCall {

  /** How long a call without a deadline waits for another instance at most. */
  static final Duration MAX_WAIT = Duration.ofSeconds(30);

  private FleetSharedCall() {}

  /**
   * Starts the shared call of {@code first}'s key through {@code fleet}, as
   * {@link SharedCall#start} does on this instance alone; cancelling the reply cancels the call
   * this instance sent, if it sent one.
   *
   * @param key the text of the whole key ({@link CallKeys#fleetText})
   */
  static <ReqT, RespT> CompletableFuture<SharedReply> start(Fleet fleet, List<String> key,
      CollapsingCall.Target<ReqT, RespT> target, ReqT request, Caller<RespT> first,
      @Nullable Deadline deadline, Executor sending) {
    CompletableFuture<SharedReply> reply = new CompletableFuture<>();
    AtomicReference<@Nullable CompletableFuture<SharedReply>> own = new AtomicReference<>();
    Supplier<CompletableFuture<SharedReply>> send = () -> {
      CompletableFuture<SharedReply> mine =
          SharedCall.start(target, request, first, deadline, sending);
      own.set(mine);
      // a direct dependent: a call that ended at its deadline enlists its callers in the
      // takeover before it is sent again, on the thread that completes it
      mine.whenComplete((received, failure) -> {
        if (failure != null) {
          reply.completeExceptionally(failure);
        } else {
          reply.complete(received);
        }
      });
      if (reply.isCancelled()) {
        mine.cancel(/* mayInterruptIfRunning= */ false);
      }
      return mine;
    };
    reply.whenComplete((received, failure) -> {
      CompletableFuture<SharedReply> mine = own.get();
      if (failure instanceof CancellationException && mine != null) {
        mine.cancel(/* mayInterruptIfRunning= */ false); // every caller here left
      }
    });
    CompletionStage<byte @Nullable []> asked;
    try {
      asked = fleet.callAsync(key, maxWait(deadline), () -> reply.isDone()
          // every caller here left while it waited: nobody needs the call
          ? CompletableFuture.<byte @Nullable []>completedFuture(null)
          : send.get().handle((received, failure) ->
              failure == null ? FleetReplies.write(received) : null));
    } catch (RuntimeException | Error failure) {
      // a tier that fails as it is asked: this instance sends its own call
      send.get();
      return reply;
    }
    asked.whenComplete((other, failure) -> {
      if (own.get() != null || reply.isDone()) {
        return; // this instance's own call answers, or nobody waits any more
      }
      SharedReply joined = other == null || failure != null ? null : read(other);
      if (joined != null) {
        reply.complete(joined);
      } else {
        send.get(); // nothing came of another instance's call
      }
    });
    return reply;
  }

  private static @Nullable SharedReply read(byte[] bytes) {
    try {
      return FleetReplies.read(bytes);
    } catch (IllegalArgumentException notOurs) {
      return null;
    }
  }

  private static Duration maxWait(@Nullable Deadline deadline) {
    if (deadline == null) {
      return MAX_WAIT;
    }
    long left = Math.max(0, deadline.timeRemaining(TimeUnit.NANOSECONDS));
    return Duration.ofNanos(Math.min(left, MAX_WAIT.toNanos()));
  }
}
