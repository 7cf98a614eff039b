package io.github.collapseexecutor.core;

/**
 * Decides when a batch whose backend call is over gives its slot back: before it hands out the
 * outputs, so that the next batch starts at once, or after, so that the callers it wakes can submit
 * again in time to join the next batch.
 *
 * <p>With one slot and callers that call again as soon as they are answered, releasing first splits
 * them into two cohorts that alternate, each waiting for the other's batch and then its own: about
 * two backend calls per request. Releasing after the hand-out keeps them in one cohort, at the price
 * of the slot standing idle while outputs are handed out. That pays while handing out is short next
 * to the backend call, and costs throughput once it is not (hundreds of callers to wake on a few
 * cores), so the choice follows what handing out has cost lately, per call.
 *
 * <p>The estimate is shared by the batches of one executor without synchronisation: concurrent
 * updates may lose one another, which only blurs it.
 */
final class ReleaseOrder {

  /** Hand out first while it takes at most this share of the backend call. */
  private static final int MAX_HAND_OUT_SHARE_PERCENT = 50;

  /** Recent nanoseconds per call of handing out outputs; 0 until a batch was measured. */
  private volatile long handOutNanosPerCall;

  /**
   * Returns whether a batch of {@code calls} whose backend call took {@code executeNanos} should
   * hand out its outputs before giving its slot back.
   */
  boolean afterHandOut(int calls, long executeNanos) {
    return calls * handOutNanosPerCall * 100 <= executeNanos * MAX_HAND_OUT_SHARE_PERCENT;
  }

  /** Records that handing out the outputs of {@code calls} calls took {@code nanos}. */
  void handedOut(int calls, long nanos) {
    long perCall = nanos / calls;
    long previous = handOutNanosPerCall;
    // a moving average over about the last eight batches
    handOutNanosPerCall = previous == 0 ? perCall : previous + (perCall - previous) / 8;
  }
}
