package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;

/**
 * What the client and the server interceptors are alike as collapse executors: a name, and a
 * switch that lets new calls pass straight through while collapsing is off, on the core executor
 * whose flights their shared calls are.
 */
abstract class InterceptorBase implements CollapseExecutor {

  /** The executor whose flights the shared calls are; its switch is the interceptor's. */
  final FutureCallableGroupCollapseExecutor executor;

  InterceptorBase(FutureCallableGroupCollapseExecutor executor) {
    this.executor = executor;
  }

  /** Returns this interceptor's name, as its reports name it. */
  @Override
  public final String name() {
    return executor.name();
  }

  /**
   * Turns collapsing on or off for the calls that come from now on: while off, each passes
   * straight through, as it would without this interceptor; calls that already share finish
   * together.
   */
  @Override
  public final void setCollapsing(boolean collapsing) {
    // the executor's switch gives a call that joins after it each a run of its own; the
    // interceptors also read it before wrapping a call, so that one made while off is the plain
    // call
    executor.setCollapsing(collapsing);
  }

  @Override
  public final boolean isCollapsing() {
    return executor.isCollapsing();
  }
}
