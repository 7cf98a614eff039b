package io.github.collapseexecutor.core;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.core.CollapseListener.RunScope;
import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A listener that records the run hooks in the order they came, and makes each run "current" on
 * the thread that starts it until its work returns, as a tracing listener makes its span current.
 */
final class RecordingRuns implements CollapseListener {

  /** The run current on this thread, between its start and the return of its work. */
  static final ThreadLocal<RunStart> CURRENT = new ThreadLocal<>();

  final List<RunStart> starts = Collections.synchronizedList(new ArrayList<>());
  final List<String> events = Collections.synchronizedList(new ArrayList<>());
  final List<BatchReport> ended = Collections.synchronizedList(new ArrayList<>());

  /** Whether some workReturned came on a thread other than the one that started its run. */
  volatile boolean returnedOnOtherThread;

  private final CountDownLatch endings;

  RecordingRuns(int expectedRuns) {
    this.endings = new CountDownLatch(expectedRuns);
  }

  @Override
  public RunScope runStarted(RunStart run) {
    Thread starter = Thread.currentThread();
    starts.add(run);
    events.add("started");
    CURRENT.set(run);
    return new RunScope() {
      @Override
      public void workReturned() {
        if (Thread.currentThread() != starter) {
          returnedOnOtherThread = true;
        }
        CURRENT.remove();
        events.add("returned");
      }

      @Override
      public void ended(BatchReport report) {
        events.add("ended");
        ended.add(report);
        endings.countDown();
      }
    };
  }

  /** Waits until the expected number of runs ended. */
  void awaitEnded() throws InterruptedException {
    if (!endings.await(10, TimeUnit.SECONDS)) {
      throw new AssertionError("runs that ended: " + ended.size() + "; events: " + events);
    }
  }

  /** Returns the events as pairs and triples of one run each, in the order they came. */
  List<String> events() {
    synchronized (events) {
      return List.copyOf(events);
    }
  }
}
