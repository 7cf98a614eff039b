package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutionException;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.micrometer.CreatedExecutor;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.annotation.MethodObserver.FutureCall;
import io.github.collapseexecutor.spring.annotation.MethodObserver.SameKeyCall;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/** Same-key collapse of one {@link Collapsible} method, on executors of its own. */
final class SameKeyCollapser implements MethodCollapser {

  private final Method method;
  private final ReturnKind kind;
  private final @Nullable KeyExpression key;
  private final @Nullable Duration timeout;
  private final CollapsedMethod description;
  private final @Nullable BlockingCallableGroupCollapseExecutor blocking;
  private final @Nullable FutureCallableGroupCollapseExecutor futures;
  private final MethodObserver observer;
  private final CollapseListener listener;
  private final String name;
  private final CallerIdentities identities;
  private final ResultCopies copies;
  private final MethodFleet.@Nullable Route fleet;

  /**
   * @param identities what tells callers apart; {@link CallerIdentities#NONE} for a method shared
   *     across callers
   * @param copies what the callers that did not run the method get of its result
   * @param fleet the route of the leading caller's run through the fleet tier, or {@code null}
   *     for a method that collapses on its instance only
   */
  SameKeyCollapser(Method method, ReturnKind kind, @Nullable KeyExpression key,
      NamedExecutor executor, MethodObserver observer, CallerIdentities identities,
      ResultCopies copies, MethodFleet.@Nullable Route fleet) {
    this.method = method;
    this.copies = copies;
    this.fleet = fleet;
    this.kind = kind;
    this.key = key;
    this.identities = identities;
    this.timeout = executor.timeout();
    this.description = new CollapsedMethod(MethodNames.of(method), "Collapsible",
        executor.name(), null);
    this.observer = observer;
    this.name = MethodNames.executorName(method);
    this.listener = executor.options().listener();
    ExecutorCreationListener.announce(listener, CreatedExecutor.sameKey(name, timeout != null)
        .observed(observer.observes()));
    this.blocking = kind == ReturnKind.VALUE
        ? new BlockingCallableGroupCollapseExecutor(name, observer.listener(listener)) : null;
    this.futures = kind == ReturnKind.VALUE
        ? null : new FutureCallableGroupCollapseExecutor(name, observer.listener(listener));
  }

  @Override
  public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    Object[] args = invocation.getArguments();
    Object target = Invocations.target(invocation);
    CallKey group = new CallKey(target, method,
        key == null ? args.clone() : key.evaluate(target, args), identities.current());
    return switch (kind) {
      case VALUE -> value(group, invocation);
      case FUTURE -> shared(group, observer.futureCall(name, group),
          observation -> toFuture(Invocations.proceeding(invocation).call()));
      case MONO -> MonoCollapse.collapse(group, identities.reactive(),
          Invocations.proceedingLater(invocation),
          (key, observation, start) ->
              shared(key, observer.monoCall(name, key, observation), start));
    };
  }

  private @Nullable Object value(CallKey group, MethodInvocation invocation) throws Throwable {
    SameKeyCall call = observer.sameKeyCall(name, group);
    Callable<@Nullable Object> proceed = fleet == null ? Invocations.proceeding(invocation)
        // only the leader's callable runs: the callers that join locally never reach Redis
        : throughFleet(fleet, group, call, Invocations.proceeding(invocation));
    Leading leading = copies.isOn() ? new Leading() : null;
    Callable<@Nullable Object> run =
        call.leading(leading == null ? proceed : leading.marking(proceed));
    Object result;
    try {
      result = timeout == null
          ? blockingExecutor().execute(group, run)
          : blockingExecutor().execute(group, run, timeout);
    } catch (CollapseExecutionException e) {
      call.failed(e);
      throw Invocations.unwrap(e, method);
    } catch (RuntimeException | Error e) {
      call.failed(e);
      throw e;
    }
    Object value = call.returned(result);
    return leading == null || leading.ran ? value : copies.forJoiner(value);
  }

  /**
   * Returns a caller's future of the run for {@code group}, started by {@code start}: of a copy of
   * the run's result if the method has a copier and another caller started the run.
   */
  private CompletableFuture<@Nullable Object> shared(Object group, FutureCall call,
      FutureCall.Start start) {
    Leading leading = copies.isOn() ? new Leading() : null;
    CompletableFuture<@Nullable Object> caller = call.joined(futureExecutor().execute(group,
        call.leading(leading == null ? start : leading.marking(start))));
    CompletableFuture<@Nullable Object> timed =
        timeout == null || caller.isDone() ? caller : withTimeout(caller, call, timeout);
    return leading == null || leading.ran ? timed : copies.forJoiner(timed);
  }

  /**
   * Returns the leader's run of {@code method} through the fleet: the method runs here, or the
   * result of another instance's call comes back, which the leader's observation is told of. All
   * of it runs on the leader's thread, before the executor hands out the result.
   */
  private Callable<@Nullable Object> throughFleet(MethodFleet.Route fleet, CallKey group,
      SameKeyCall call, Callable<@Nullable Object> method) {
    boolean[] ranHere = {false};
    Callable<@Nullable Object> routed = fleet.through(group, timeout, () -> {
      ranHere[0] = true;
      return method.call();
    });
    return () -> {
      Object result = routed.call();
      if (!ranHere[0]) {
        call.servedByAnotherInstance();
      }
      return result;
    };
  }

  /**
   * Whether this caller's own call ran the method: only the leader's callable is called, on its
   * thread, before the executor hands out the result.
   */
  private static final class Leading {

    private boolean ran;

    Callable<@Nullable Object> marking(Callable<@Nullable Object> method) {
      return () -> {
        ran = true;
        return method.call();
      };
    }

    FutureCall.Start marking(FutureCall.Start start) {
      return observation -> {
        ran = true;
        return start.start(observation);
      };
    }
  }

  /**
   * Times out the caller's own future, which leaves the run to the others, and reports it once:
   * only a timeout that fired after the caller waited its time is its own, not a
   * {@code TimeoutException} the method's future failed with.
   */
  private CompletableFuture<@Nullable Object> withTimeout(
      CompletableFuture<@Nullable Object> caller, FutureCall call, Duration timeout) {
    long nanos = timeout.toNanos();
    long start = System.nanoTime();
    caller.orTimeout(nanos, TimeUnit.NANOSECONDS).whenComplete((value, failure) -> {
      if (failure instanceof TimeoutException && System.nanoTime() - start >= nanos) {
        call.timedOut();
        reportTimedOut();
      }
    });
    return caller;
  }

  /**
   * Tells the listener, which the executor did not see this timeout. The caller's future is
   * already done: whatever the listener throws, errors included, is logged here, or no one would
   * see it.
   */
  private void reportTimedOut() {
    try {
      listener.callTimedOut(name);
    } catch (Throwable e) {
      System.getLogger(SameKeyCollapser.class.getName())
          .log(System.Logger.Level.WARNING, name + ": collapse listener failed", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static @Nullable CompletableFuture<@Nullable Object> toFuture(
      @Nullable Object result) {
    return result == null ? null : ((CompletionStage<Object>) result).toCompletableFuture();
  }

  @Override
  public CollapsedMethod description() {
    return description;
  }

  /** The executor of a method that returns a value, which made only that one. */
  private BlockingCallableGroupCollapseExecutor blockingExecutor() {
    return Objects.requireNonNull(blocking, "blocking executor");
  }

  /** The executor of a method that returns a future or a Mono, which made only that one. */
  private FutureCallableGroupCollapseExecutor futureExecutor() {
    return Objects.requireNonNull(futures, "future executor");
  }
}
