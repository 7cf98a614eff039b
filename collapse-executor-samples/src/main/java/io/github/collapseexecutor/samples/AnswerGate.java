package io.github.collapseexecutor.samples;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a sample's service does before it answers a call. A held gate keeps every answer back
 * until {@link #open()}, so that all of an example's callers are waiting before the first answer
 * and the collapsing is plain to see; and the gate counts the calls it let through, which is the
 * number an example shows.
 */
public final class AnswerGate {

  private final CountDownLatch opened;
  private final AtomicInteger calls = new AtomicInteger();

  /** Creates a gate that holds answers until {@link #open()}, or lets them through if not held. */
  public AnswerGate(boolean held) {
    opened = new CountDownLatch(held ? 1 : 0);
  }

  /** Waits until the gate is open, at most 10 seconds, then counts the call. */
  public void pass() {
    try {
      opened.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
    calls.incrementAndGet();
  }

  /** Lets the calls held so far, and every later one, through. */
  public void open() {
    opened.countDown();
  }

  /** Returns how many calls the gate let through. */
  public int calls() {
    return calls.get();
  }
}
