package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The collapse executors of the application context, in the order they were created: the HTTP
 * adapters, which the auto-configuration registers as it creates them (register an adapter you
 * create yourself to have it listed by the {@code collapse} endpoint and measured by the metrics),
 * and the core executors, which every bean that is a {@link CollapseExecutor} registers as it is
 * created (register one that is no bean to have the endpoint switch it). Thread-safe.
 */
public final class CollapseExecutors {

  private final List<CollapseExecutorDescriptor> executors = new ArrayList<>();
  private final List<Consumer<CollapseExecutorDescriptor>> observers = new ArrayList<>();
  private final List<Consumer<CollapseExecutorDescriptor>> removalObservers = new ArrayList<>();
  private final List<CollapseExecutor> coreExecutors = new ArrayList<>();

  /** Adds an executor and tells every observer about it. */
  public void register(CollapseExecutorDescriptor executor) {
    List<Consumer<CollapseExecutorDescriptor>> toTell;
    synchronized (this) {
      executors.add(executor);
      toTell = List.copyOf(observers);
    }
    toTell.forEach(observer -> observer.accept(executor));
  }

  /**
   * Removes {@code executor}, registered before, and tells every observer of removals: for an
   * adapter that the application replaces while it runs, such as the filter of a gateway route
   * whose arguments changed, so that the endpoint and the meters show the one that serves. Does
   * nothing if it is not registered.
   */
  // identity: the descriptor registered, not another one that describes an executor alike
  @SuppressWarnings("ReferenceEquality")
  public void unregister(CollapseExecutorDescriptor executor) {
    List<Consumer<CollapseExecutorDescriptor>> toTell;
    synchronized (this) {
      if (!executors.removeIf(known -> known == executor)) {
        return;
      }
      toTell = List.copyOf(removalObservers);
    }
    toTell.forEach(observer -> observer.accept(executor));
  }

  /** Returns the registered executors. */
  public synchronized List<CollapseExecutorDescriptor> list() {
    return List.copyOf(executors);
  }

  /**
   * Adds a core executor, so that the {@code collapse} endpoint turns its collapsing off and on by
   * its {@link CollapseExecutor#name() name}. Adding one twice keeps it once.
   */
  public synchronized void register(CollapseExecutor executor) {
    Objects.requireNonNull(executor, "executor");
    if (coreExecutors.stream().noneMatch(known -> known == executor)) {
      coreExecutors.add(executor);
    }
  }

  /** Returns the registered core executors. */
  public synchronized List<CollapseExecutor> coreExecutors() {
    return List.copyOf(coreExecutors);
  }

  /**
   * Calls {@code observer} for every executor registered so far and for every one registered
   * later, so that it sees each exactly once whenever it subscribes.
   */
  public void observe(Consumer<CollapseExecutorDescriptor> observer) {
    observe(observer, removed -> {});
  }

  /**
   * {@link #observe(Consumer)}, and calls {@code removed} for every executor {@link #unregister
   * unregistered} later.
   */
  public void observe(
      Consumer<CollapseExecutorDescriptor> added, Consumer<CollapseExecutorDescriptor> removed) {
    List<CollapseExecutorDescriptor> existing;
    synchronized (this) {
      existing = new ArrayList<>(executors);
      observers.add(Objects.requireNonNull(added, "added"));
      removalObservers.add(Objects.requireNonNull(removed, "removed"));
    }
    existing.forEach(added);
  }
}
