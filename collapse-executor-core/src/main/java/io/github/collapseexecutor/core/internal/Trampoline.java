package io.github.collapseexecutor.core.internal;

import java.util.ArrayDeque;

/**
 * Runs tasks on the current thread without nesting: a task started from inside another task waits
 * until the outer one returns. Keeps the stack flat when completed futures start the next batch
 * from inside the previous batch's callback.
 */
public final class Trampoline {

  private static final ThreadLocal<ArrayDeque<Runnable>> QUEUE = new ThreadLocal<>();

  private Trampoline() {}

  public static void run(Runnable task) {
    ArrayDeque<Runnable> queue = QUEUE.get();
    if (queue != null) {
      queue.addLast(task);
      return;
    }
    queue = new ArrayDeque<>();
    QUEUE.set(queue);
    try {
      Runnable next = task;
      while (next != null) {
        next.run();
        next = queue.pollFirst();
      }
    } finally {
      QUEUE.remove();
    }
  }
}
