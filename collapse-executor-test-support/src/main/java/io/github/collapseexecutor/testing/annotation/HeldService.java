package io.github.collapseexecutor.testing.annotation;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bean whose annotated methods count their runs and hold the first one in a {@link Crowd}, so
 * that a test's callers all meet. A test reads both through the accessors: the bean it holds is a
 * proxy whose own fields are unset.
 */
public class HeldService {

  private final Crowd crowd = new Crowd();
  private final AtomicInteger runs = new AtomicInteger();

  public Crowd crowd() {
    return crowd;
  }

  public AtomicInteger runs() {
    return runs;
  }

  /** Called first in each annotated method: counts the run and holds the first one. */
  public void enter() {
    runs.incrementAndGet();
    crowd.hold();
  }
}
