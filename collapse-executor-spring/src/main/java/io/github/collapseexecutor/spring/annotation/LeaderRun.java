package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall;
import io.github.collapseexecutor.spring.observation.MethodObserver.SameKeyCall;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/**
 * How the run of the caller that leads a key on this instance is made, for one
 * {@link Collapsible} method: here, as its collapser makes it ({@link #HERE}), or through the
 * application's route to another place the result may come from ({@link RoutedLeaderRun}). The
 * collapser hands it only the leader's run: the callers that join the leader here never reach
 * it. What it returns runs where the leader's run does, before the executor hands out the
 * result.
 */
interface LeaderRun {

  /** Makes every run here, as the collapser makes it. */
  LeaderRun HERE =
      new LeaderRun() {
        @Override
        public Callable<@Nullable Object> run(
            CallKey group, SameKeyCall call, Callable<@Nullable Object> method) {
          return method;
        }

        @Override
        public FutureCall.Start start(CallKey group, FutureCall call, FutureCall.Start start) {
          return start;
        }

        @Override
        public boolean mayStartAfterReturn() {
          return false;
        }
      };

  /**
   * Returns the leader's run of {@code group} for a method that returns a value: {@code method},
   * or what makes it or takes its result elsewhere, of which it tells {@code call}.
   */
  Callable<@Nullable Object> run(
      CallKey group, SameKeyCall call, Callable<@Nullable Object> method);

  /**
   * Returns the leader's start of the run of {@code group} for a method that returns a future or
   * a {@code Mono}, which blocks no thread: {@code start}, or what starts it or takes its value
   * elsewhere, of which it tells {@code call} before any caller has the value.
   */
  FutureCall.Start start(CallKey group, FutureCall call, FutureCall.Start start);

  /**
   * Returns whether the run of a method returning a future may start the method after the
   * interceptor returned, on another thread: the collapser then proceeds on a copy of the
   * invocation.
   */
  boolean mayStartAfterReturn();
}
