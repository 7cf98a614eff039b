package io.github.collapseexecutor.core;

/**
 * How many batches of one executor may be in flight: a fixed number ({@link FixedBatchLimit}), or
 * a number adapted to the queueing the batches cause in the backend ({@link AdaptiveBatchLimit}),
 * between one and a ceiling. {@link BatchSlots} asks it before a batch takes a slot and tells it
 * when each batch's backend call begins and ends.
 */
interface BatchLimit {

  /**
   * Returns the limit the options ask for: adaptive up to {@code maxConcurrentBatches}, or fixed
   * at it; a ceiling of one leaves nothing to adapt.
   */
  static BatchLimit of(CollapseExecutorOptions options) {
    int ceiling = options.maxConcurrentBatches();
    return options.adaptiveConcurrency() && ceiling > 1
        ? new AdaptiveBatchLimit(ceiling)
        : new FixedBatchLimit(ceiling);
  }

  /** Returns how many batches may be in flight now. */
  int current();

  /** Returns the most batches this limit ever allows. */
  int ceiling();

  /** Records that a batch could not start because every slot the limit allows was taken. */
  void slotRefused();

  /**
   * Records that the backend call of a batch begins.
   *
   * @return its level, to pass to {@link #backendCallEnded} or {@link #backendCallFailed}: how many
   *     batches are in the backend with it, itself included; 0 for a limit that counts nothing
   */
  int backendCallStarted();

  /** Records that the backend call of a batch that began at {@code level} took {@code nanos}. */
  void backendCallEnded(int level, long nanos);

  /** Records that the backend call of a batch failed: it left the backend, and says nothing. */
  void backendCallFailed(int level);
}
