package io.github.collapseexecutor.core;

/** A batch limit that never moves: it learns nothing from the backend calls, and counts none. */
final class FixedBatchLimit implements BatchLimit {

  private final int limit;

  FixedBatchLimit(int limit) {
    this.limit = limit;
  }

  @Override
  public int current() {
    return limit;
  }

  @Override
  public int ceiling() {
    return limit;
  }

  @Override
  public void slotRefused() {}

  @Override
  public int backendCallStarted() {
    return 0;
  }

  @Override
  public void backendCallEnded(int level, long nanos) {}

  @Override
  public void backendCallFailed(int level) {}
}
