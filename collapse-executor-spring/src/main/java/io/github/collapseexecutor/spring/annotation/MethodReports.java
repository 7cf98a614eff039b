package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reports what the calls of one annotated method did beyond what its executor reports: a call
 * that made its own call, and why, on the caller's observation and to the executor's listener
 * (the meters and the endpoint count them by reason); a caller that led a run only because a
 * write kept it out of one in flight, to the listener; a copy a caller that joined got, and what
 * it took, to the listener; a caller whose own future timed out, which the executor did not see.
 * A listener that throws is logged: the caller's call goes on.
 */
final class MethodReports {

  /** Why a caller led a run of its own while an equal key's run was in flight: a write since. */
  private static final String AFTER_WRITE = "after-write";

  private final String name;
  private final MethodObserver observer;
  private final CollapseListener listener;

  /**
   * @param name the name of the method's executor, as {@code UserService.user}
   * @param listener the listener of the method's named executor
   */
  MethodReports(String name, MethodObserver observer, CollapseListener listener) {
    this.name = name;
    this.observer = observer;
    this.listener = listener;
  }

  /** Returns the name of the method's executor. */
  String name() {
    return name;
  }

  /** Reports that the current caller's call went to the method itself, for {@code reason}. */
  void notCollapsed(String reason) {
    observer.notCollapsed(reason);
    tell(each -> each.callNotCollapsed(name, reason));
  }

  /**
   * Reports that the caller of {@code call}, which joined a run whose result it could not take,
   * makes a call of its own for {@code reason}.
   */
  void notCollapsed(FutureCall call, String reason) {
    call.notCollapsed(reason);
    tell(each -> each.callNotCollapsed(name, reason));
  }

  /**
   * Reports that the current caller led a run of its own although a run of an equal key was in
   * flight, because a write completed after that run started ({@link RunsInFlight}): counted as
   * not collapsed for {@code after-write}, to the listener only, since the caller's observation
   * records that it led.
   */
  void ledAfterWrite() {
    tell(each -> each.callNotCollapsed(name, AFTER_WRITE));
  }

  /** Reports that a caller that joined a run got a copy of its result, made in {@code nanos}. */
  void copied(long nanos) {
    tell(each -> each.resultCopied(name, nanos));
  }

  /**
   * Observing only: reports that a call that ran the method itself ended; {@code wouldJoin}
   * whether collapse would have made it join a run, {@code unshared} why it would not have taken
   * that run's result, or {@code null}.
   */
  void observed(boolean wouldJoin, @Nullable OwnCall unshared) {
    String reason = unshared == null ? null : unshared.reason();
    tell(each -> each.callObserved(name, wouldJoin, reason));
  }

  /** Observing only: reports that a would-be run of {@code callers} callers ended. */
  void observedRun(String key, int callers) {
    tell(each -> each.runObserved(name, key, callers));
  }

  /** Reports that a caller's own future timed out. */
  void timedOut() {
    tell(each -> each.callTimedOut(name));
  }

  /**
   * Tells the listener. The caller's result is decided already: whatever the listener throws,
   * errors included, is logged here, or no one would see it.
   */
  private void tell(Consumer<CollapseListener> report) {
    try {
      report.accept(listener);
    } catch (Throwable e) {
      System.getLogger(MethodReports.class.getName())
          .log(System.Logger.Level.WARNING, name + ": collapse listener failed", e);
    }
  }
}
