package io.github.collapseexecutor.spring.http;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one adapter, for load benchmarks and dashboards. Each request is counted once, in
 * exactly one of: {@link #passedThrough()}, {@link #led()}, {@link #replayed()},
 * {@link #fellBack()}. The number of calls the adapter made (or, on a server, chain runs) is
 * {@code passedThrough + led + fellBack}; {@code replayed} is what collapse saved.
 *
 * <p>Counting is a few uncontended {@link LongAdder} increments per request.
 */
public final class HttpCollapseStats {

  private final LongAdder passedThrough = new LongAdder();
  private final LongAdder led = new LongAdder();
  private final LongAdder replayed = new LongAdder();
  private final LongAdder fellBack = new LongAdder();

  /** Requests that could not collapse (method, no matching group) and went through untouched. */
  public long passedThrough() {
    return passedThrough.sum();
  }

  /** Requests that made the call other identical requests waited for. */
  public long led() {
    return led.sum();
  }

  /** Requests served a copy of a response another request produced. */
  public long replayed() {
    return replayed.sum();
  }

  /**
   * Requests that waited for another's call but made their own, because that response could not
   * be shared (too large, {@code Set-Cookie}, private, a different {@code Vary} value, a failed
   * server chain, a wait timeout).
   */
  public long fellBack() {
    return fellBack.sum();
  }

  /** Counts a request that went through untouched. */
  public void recordPassedThrough() {
    passedThrough.increment();
  }

  /** Counts a request that made the shared call. */
  public void recordLed() {
    led.increment();
  }

  /** Counts a request served a shared response. */
  public void recordReplayed() {
    replayed.increment();
  }

  /** Counts a request that waited and then made its own call. */
  public void recordFellBack() {
    fellBack.increment();
  }

  @Override
  public String toString() {
    return "HttpCollapseStats{passedThrough=" + passedThrough() + ", led=" + led()
        + ", replayed=" + replayed() + ", fellBack=" + fellBack() + "}";
  }
}
