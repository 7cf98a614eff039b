package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseListener;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;

/** Joins the listeners of every {@link CollapseListenerFactory} bean into one. */
final class CollapseListeners implements CollapseListener {

  private final List<CollapseListener> listeners;

  private CollapseListeners(List<CollapseListener> listeners) {
    this.listeners = listeners;
  }

  /** Returns the listener of an executor serving {@code integration}. */
  static CollapseListener of(ObjectProvider<CollapseListenerFactory> factories,
      String integration) {
    List<CollapseListener> listeners = factories.orderedStream()
        .map(factory -> factory.create(integration))
        .filter(listener -> listener != CollapseListener.NONE)
        .toList();
    return switch (listeners.size()) {
      case 0 -> CollapseListener.NONE;
      case 1 -> listeners.get(0);
      default -> new CollapseListeners(listeners);
    };
  }

  // the core shields callers from a failing listener, but not the listeners after it
  @Override
  public void batchCompleted(BatchReport report) {
    for (CollapseListener listener : listeners) {
      try {
        listener.batchCompleted(report);
      } catch (RuntimeException e) {
        warn(report.executorName(), e);
      }
    }
  }

  @Override
  public void callRejected(String executorName) {
    for (CollapseListener listener : listeners) {
      try {
        listener.callRejected(executorName);
      } catch (RuntimeException e) {
        warn(executorName, e);
      }
    }
  }

  @Override
  public void callTimedOut(String executorName) {
    for (CollapseListener listener : listeners) {
      try {
        listener.callTimedOut(executorName);
      } catch (RuntimeException e) {
        warn(executorName, e);
      }
    }
  }

  private static void warn(String executorName, RuntimeException e) {
    System.getLogger(CollapseListeners.class.getName())
        .log(System.Logger.Level.WARNING, executorName + ": collapse listener failed", e);
  }
}
