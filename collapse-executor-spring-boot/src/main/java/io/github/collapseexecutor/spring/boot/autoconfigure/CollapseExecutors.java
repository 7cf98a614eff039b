package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The HTTP collapse executors of the application context, in the order they were created. The
 * auto-configuration registers the adapters it creates; register an adapter you create yourself
 * to have it listed by the {@code collapse} endpoint and measured by the metrics. Thread-safe.
 */
public final class CollapseExecutors {

  private final List<CollapseExecutorDescriptor> executors = new ArrayList<>();
  private final List<Consumer<CollapseExecutorDescriptor>> observers = new ArrayList<>();

  /** Adds an executor and tells every observer about it. */
  public void register(CollapseExecutorDescriptor executor) {
    List<Consumer<CollapseExecutorDescriptor>> toTell;
    synchronized (this) {
      executors.add(executor);
      toTell = List.copyOf(observers);
    }
    toTell.forEach(observer -> observer.accept(executor));
  }

  /** Returns the registered executors. */
  public synchronized List<CollapseExecutorDescriptor> list() {
    return List.copyOf(executors);
  }

  /**
   * Calls {@code observer} for every executor registered so far and for every one registered
   * later, so that it sees each exactly once whenever it subscribes.
   */
  public void observe(Consumer<CollapseExecutorDescriptor> observer) {
    List<CollapseExecutorDescriptor> existing;
    synchronized (this) {
      existing = new ArrayList<>(executors);
      observers.add(observer);
    }
    existing.forEach(observer);
  }
}
