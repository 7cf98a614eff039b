package io.github.collapseexecutor.core;

import java.util.ArrayDeque;

/**
 * Runs tasks on the current thread without nesting: a task started from inside another task waits
 * until the outer one returns. Keeps the stack flat when completed futures start the next batch
 * from inside the previous batch's callback.
 *
 * <p>User code that a task calls (a caller's continuation, run when {@code bindingOutput} settles
 * its future) may itself call {@code execute} and wait for the result; what that call deferred
 * must then run before it returns, or the thread would wait for itself: see {@link #runNow} and
 * {@link #runDeferred()}.
 * A task that throws does not stop the ones queued behind it: they run, and the first throwable is
 * thrown once the queue is empty.
 */
final class Trampoline {

  private static final ThreadLocal<Trampoline> CURRENT = ThreadLocal.withInitial(Trampoline::new);

  private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
  private boolean running;

  private Trampoline() {}

  /** Runs {@code task} now, or after the task this thread is running, if any. */
  static void run(Runnable task) {
    Trampoline trampoline = CURRENT.get();
    if (trampoline.running) {
      trampoline.queue.addLast(task);
      return;
    }
    trampoline.runOutermost(task);
  }

  /**
   * Runs {@code task} at once, even inside another task, and then what this thread deferred: for
   * work that user code starts and may wait for, which must not wait for the task around it.
   */
  static void runNow(Runnable task) {
    Trampoline trampoline = CURRENT.get();
    if (trampoline.running) {
      trampoline.drain(task);
      return;
    }
    trampoline.runOutermost(task);
  }

  /**
   * Runs at once what this thread deferred, if it is inside a task: called when user code inside a
   * task submitted a call or is about to wait for one, so that neither waits for the task to end.
   */
  static void runDeferred() {
    Trampoline trampoline = CURRENT.get();
    if (trampoline.running && !trampoline.queue.isEmpty()) {
      trampoline.drain(trampoline.queue.pollFirst());
    }
  }

  private void runOutermost(Runnable first) {
    running = true;
    try {
      drain(first);
    } finally {
      running = false;
    }
  }

  private void drain(Runnable first) {
    Throwable failure = null;
    for (Runnable next = first; next != null; next = queue.pollFirst()) {
      try {
        next.run();
      } catch (Throwable e) {
        // the ones after the first are dropped: only errors the engine logged before get here
        if (failure == null) {
          failure = e;
        }
      }
    }
    if (failure != null) {
      throw Failures.rethrow(failure);
    }
  }
}
