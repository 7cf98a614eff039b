package io.github.collapseexecutor.core.internal;

import java.util.ArrayDeque;

/**
 * Runs tasks on the current thread without nesting: a task started from inside another task waits
 * until the outer one returns. Keeps the stack flat when completed futures start the next batch
 * from inside the previous batch's callback.
 */
public final class Trampoline {

  private static final ThreadLocal<Trampoline> CURRENT = ThreadLocal.withInitial(Trampoline::new);

  private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
  private boolean running;

  private Trampoline() {}

  public static void run(Runnable task) {
    Trampoline trampoline = CURRENT.get();
    if (trampoline.running) {
      trampoline.queue.addLast(task);
      return;
    }
    trampoline.running = true;
    try {
      Runnable next = task;
      while (next != null) {
        next.run();
        next = trampoline.queue.pollFirst();
      }
    } finally {
      trampoline.queue.clear();
      trampoline.running = false;
    }
  }
}
