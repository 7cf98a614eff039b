package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the request that made the call hands to the others: a response to replay, or the reason
 * they must make their own calls.
 *
 * @param response the response to replay, or {@code null} if it is not shared
 * @param reason why it is not shared, or {@code null} if it is
 * @param varied the lower-case names of the request headers the response varies on that the key
 *     does not hold; empty if none
 * @param call the shared call that produced it, for the span links of the requests that joined
 */
record Outcome(@Nullable SharedResponse response, @Nullable UnsharedReason reason,
    List<String> varied, CallObserver.SharedCall call) {

  static Outcome shared(SharedResponse response, List<String> varied,
      CallObserver.SharedCall call) {
    return new Outcome(response, null, varied, call);
  }

  static Outcome refused(UnsharedReason reason, CallObserver.SharedCall call) {
    return new Outcome(null, reason, List.of(), call);
  }

  /** Returns the outcome of a request that made no shared call: it waited too long. */
  static Outcome refused(UnsharedReason reason) {
    return refused(reason, CallObserver.SharedCall.NONE);
  }
}
