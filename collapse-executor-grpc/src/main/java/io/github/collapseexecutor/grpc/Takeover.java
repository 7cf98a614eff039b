package io.github.collapseexecutor.grpc;

import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A shared call that ended at the deadline it was sent with. That deadline was a caller's, not
 * the outcome of the others: a caller whose own deadline has not passed takes the call over
 * instead of failing, and sends it again.
 *
 * <p>Every caller of the call hears of its end while it completes, on the thread that completes
 * it, and enlists ({@link #enlist}); then {@link #sendAgain} sends it once more for all of them,
 * with the latest of their deadlines, so that one new call serves them all and reaches the server
 * with a deadline none of them would object to. A caller that hears of the end only after that
 * sends the call again on its own account ({@link Caller}), joining the new one if it is still in
 * flight.
 */
final class Takeover extends FailedCall {

  private final List<Caller<?>> callers = new ArrayList<>();
  private boolean sent;

  Takeover(Status status, @Nullable Metadata headers, Metadata trailers) {
    super(status, headers, trailers);
  }

  /** Returns false, having done nothing, once the call was sent again without this caller. */
  synchronized boolean enlist(Caller<?> caller) {
    if (sent) {
      return false;
    }
    callers.add(caller);
    return true;
  }

  /** Sends the call again for every caller that enlisted, in the order they joined the first. */
  void sendAgain() {
    List<Caller<?>> enlisted;
    synchronized (this) {
      sent = true;
      enlisted = List.copyOf(callers);
    }
    List<@Nullable OwnDeadline> deadlines = new ArrayList<>(enlisted.size());
    enlisted.forEach(caller -> deadlines.add(caller.ownDeadline()));
    Deadline latest = OwnDeadline.latest(deadlines);
    // the first to go leads the new call, with the latest deadline, and the others join it; it is
    // sent only then, since a quick answer could otherwise end it before they are in
    List<Runnable> sends = new ArrayList<>(1);
    enlisted.forEach(caller -> caller.sendAgain(latest, sends::add));
    sends.forEach(Runnable::run);
  }
}
