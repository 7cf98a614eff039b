package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.core.CollapseListener.RunScope;
import io.github.collapseexecutor.core.CollapseListener.RunStart;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseListener;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Joins the listeners of every {@link CollapseListenerFactory} bean into one; the HTTP reports go
 * to those that are {@link HttpCollapseListener}s.
 */
final class CollapseListeners implements HttpCollapseListener, ExecutorCreationListener {

  private final List<CollapseListener> listeners;

  private CollapseListeners(List<CollapseListener> listeners) {
    this.listeners = listeners;
  }

  /** Returns the listener of an executor serving {@code integration}. */
  static CollapseListener of(
      ObjectProvider<CollapseListenerFactory> factories, String integration) {
    List<CollapseListener> listeners =
        factories
            .orderedStream()
            .map(factory -> factory.create(integration))
            .filter(listener -> listener != CollapseListener.NONE)
            .toList();
    return switch (listeners.size()) {
      case 0 -> CollapseListener.NONE;
      case 1 -> listeners.get(0);
      default -> new CollapseListeners(listeners);
    };
  }

  @Override
  public void executorCreated(CreatedExecutor executor) {
    each(executor.name(), listener -> ExecutorCreationListener.announce(listener, executor));
  }

  @Override
  public RunScope runStarted(RunStart run) {
    List<RunScope> scopes = new ArrayList<>(listeners.size());
    each(
        run.executorName(),
        listener -> {
          RunScope scope = listener.runStarted(run);
          if (scope != null && scope != RunScope.NONE) {
            scopes.add(scope);
          }
        });
    return switch (scopes.size()) {
      case 0 -> RunScope.NONE;
      case 1 -> scopes.get(0);
      default -> new RunScopes(run.executorName(), scopes);
    };
  }

  @Override
  public void batchCompleted(BatchReport report) {
    each(report.executorName(), listener -> listener.batchCompleted(report));
  }

  @Override
  public void callRejected(String executorName) {
    each(executorName, listener -> listener.callRejected(executorName));
  }

  @Override
  public void callTimedOut(String executorName) {
    each(executorName, listener -> listener.callTimedOut(executorName));
  }

  @Override
  public void callNotCollapsed(String executorName, String reason) {
    each(executorName, listener -> listener.callNotCollapsed(executorName, reason));
  }

  @Override
  public void resultCopied(String executorName, long copyNanos) {
    each(executorName, listener -> listener.resultCopied(executorName, copyNanos));
  }

  @Override
  public void callObserved(String executorName, boolean wouldJoin, @Nullable String unshared) {
    each(executorName, listener -> listener.callObserved(executorName, wouldJoin, unshared));
  }

  @Override
  public void runObserved(String executorName, String key, int callers) {
    each(executorName, listener -> listener.runObserved(executorName, key, callers));
  }

  @Override
  public void requestUnshared(String executorName, CollapseGroup group, UnsharedReason reason) {
    each(
        executorName,
        listener -> {
          if (listener instanceof HttpCollapseListener http) {
            http.requestUnshared(executorName, group, reason);
          }
        });
  }

  private void each(String executorName, Consumer<CollapseListener> report) {
    each(executorName, listeners, report);
  }

  // the core shields callers from a failing listener, but not the listeners after it: each one is
  // called whatever the one before it threw, errors included
  private static <T> void each(String executorName, List<T> listeners, Consumer<T> report) {
    VirtualMachineError fatal = null;
    for (T listener : listeners) {
      try {
        report.accept(listener);
      } catch (VirtualMachineError e) {
        fatal = e;
      } catch (Throwable e) {
        System.getLogger(CollapseListeners.class.getName())
            .log(System.Logger.Level.WARNING, executorName + ": collapse listener failed", e);
      }
    }
    if (fatal != null) {
      // out of memory or stack: the core logs it and throws it on once the batch is settled
      throw fatal;
    }
  }

  /** The scopes of one run that several listeners keep, each told whatever the others threw. */
  private record RunScopes(String executorName, List<RunScope> scopes) implements RunScope {

    @Override
    public void workReturned() {
      // in reverse, as scopes opened one inside the other close
      List<RunScope> innermostFirst = new ArrayList<>(scopes);
      Collections.reverse(innermostFirst);
      each(executorName, innermostFirst, RunScope::workReturned);
    }

    @Override
    public void ended(BatchReport report) {
      each(executorName, scopes, scope -> scope.ended(report));
    }
  }
}
