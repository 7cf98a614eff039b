package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutionException;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall;
import io.github.collapseexecutor.spring.observation.MethodObserver.MethodExecutor;
import io.github.collapseexecutor.spring.observation.MethodObserver.SameKeyCall;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
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
  private final CallerContexts contexts;
  private final String name;
  private final CallerIdentities identities;
  private final JoinerResults results;
  private final MethodReports reports;
  private final LeaderRun leaderRun;
  private final CompletedWrites writes;
  private final RunsInFlight inFlight = new RunsInFlight();

  /** What collapse would have made of each call, when the executor only observes; else null. */
  private final @Nullable ObservedCalls observed;

  /**
   * @param site the method, where the bean has it
   * @param identities what tells callers apart; {@link CallerIdentities#NONE} for a method shared
   *     across callers
   * @param results what the callers that did not run the method get of its result
   * @param reports where what its calls did beyond the executor's reports goes
   * @param leaderRun how the run of the caller that leads a key is made
   * @param writes the writes completed in the application, which a call's key holds
   */
  SameKeyCollapser(
      MethodSite site,
      ReturnKind kind,
      @Nullable KeyExpression key,
      NamedExecutor executor,
      MethodObserver observer,
      CallerIdentities identities,
      JoinerResults results,
      MethodReports reports,
      LeaderRun leaderRun,
      CompletedWrites writes) {
    this.method = site.method();
    this.results = results;
    this.reports = reports;
    this.leaderRun = leaderRun;
    this.writes = writes;
    this.kind = kind;
    this.key = key;
    this.identities = identities;
    this.timeout = executor.timeout();
    this.description = new CollapsedMethod(site.shown(), "Collapsible", executor.name(), null);
    this.observer = observer;
    this.name = site.executorName();
    this.contexts = new CallerContexts(observer.contextKey());
    this.observed = executor.observeOnly() ? new ObservedCalls(name, results, reports) : null;
    CollapseListener reporting =
        observer.executorCreated(
            MethodExecutor.sameKey(name, timeout != null), executor.options().listener());
    this.blocking =
        kind == ReturnKind.VALUE
            ? new BlockingCallableGroupCollapseExecutor(name, reporting)
            : null;
    this.futures =
        kind == ReturnKind.VALUE ? null : new FutureCallableGroupCollapseExecutor(name, reporting);
  }

  @Override
  public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    if (observed != null) {
      return observe(observed, invocation);
    }
    OwnCall passing = results.passing();
    if (passing != null) {
      reports.notCollapsed(passing.reason());
      return invocation.proceed();
    }
    // a copy the key may hold (a suspend fun's leaves its continuation out)
    Object[] args =
        kind == ReturnKind.SUSPEND
            ? Suspending.arguments(invocation.getArguments())
            : invocation.getArguments().clone();
    CallKey group = key(invocation, args);
    return switch (kind) {
      case VALUE -> value(group, invocation);
      case FUTURE -> future(group, invocation);
      // a suspend fun's proxy calls the method through a Mono and awaits the Mono returned here
      case MONO, SUSPEND ->
          MonoCollapse.collapse(
              group,
              identities.reactive(),
              writes::count,
              contexts,
              observer.contextKey(),
              Invocations.proceedingLater(invocation),
              (key, observation, start, own) ->
                  shared(key, observer.monoCall(name, key, observation), start, own));
    };
  }

  /** Returns the key of a call with {@code args}: equal keys share a run. */
  private CallKey key(MethodInvocation invocation, Object[] args) {
    Object target = Invocations.target(invocation);
    return new CallKey(
        target,
        method,
        key == null ? args : key.evaluate(target, args),
        identities.current(),
        writes.count());
  }

  /**
   * Calls the method as without collapse and counts what collapse would have made of the call. A
   * {@code Mono}, or the {@code Mono} a {@code suspend fun} is called through, counts each
   * subscription, when collapse would key it.
   */
  // the callback only counts: the caller gets the method's own future
  @SuppressWarnings("FutureReturnValueIgnored")
  private @Nullable Object observe(ObservedCalls observed, MethodInvocation invocation)
      throws Throwable {
    if (kind == ReturnKind.MONO || kind == ReturnKind.SUSPEND) {
      CallKey group =
          key(
              invocation,
              kind == ReturnKind.SUSPEND
                  ? Suspending.arguments(invocation.getArguments())
                  : invocation.getArguments().clone());
      Object mono = invocation.proceed();
      return mono == null
          ? null
          : MonoCollapse.observe(mono, group, identities.reactive(), writes::count, observed);
    }
    CallKey group = key(invocation, invocation.getArguments().clone());
    if (kind == ReturnKind.VALUE) {
      return observed.proceed(group, invocation);
    }
    ObservedCalls.Call call = observed.start(group);
    Object result;
    try {
      result = invocation.proceed();
    } catch (Throwable e) {
      call.failed();
      throw e;
    }
    if (result instanceof CompletionStage<?> future) {
      future.whenComplete(
          (value, failure) -> {
            if (failure == null) {
              call.returned(value);
            } else {
              call.failed();
            }
          });
    } else {
      call.returned(result);
    }
    return result;
  }

  private @Nullable Object value(CallKey group, MethodInvocation invocation) throws Throwable {
    SameKeyCall call = observer.sameKeyCall(name, group);
    Callable<@Nullable Object> proceed =
        leaderRun.run(group, call, Invocations.proceeding(invocation));
    Leading leading = new Leading(group);
    Callable<@Nullable Object> run = call.leading(leading.marking(proceed));
    Object result;
    try {
      result =
          timeout == null
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
    if (leading.ran) {
      return value;
    }
    Object joined = results.forJoiner(value);
    if (joined instanceof OwnCall own) {
      reports.notCollapsed(own.reason());
      return invocation.proceed();
    }
    return joined;
  }

  /**
   * Returns a caller's future of a method returning one; a caller that joined and cannot take the
   * run's result calls the method itself, with the thread-bound context it had here.
   */
  private CompletableFuture<@Nullable Object> future(CallKey group, MethodInvocation invocation)
      throws Exception {
    Object context = contexts.capture();
    Callable<@Nullable Object> later = Invocations.proceedingLater(invocation);
    Callable<@Nullable Object> proceed =
        leaderRun.mayStartAfterReturn() ? later : Invocations.proceeding(invocation);
    return shared(
        group,
        observer.futureCall(name, group),
        observation -> toFuture(proceed.call()),
        () -> toFuture(CallerContexts.callWith(context, later)));
  }

  /**
   * Returns a caller's future of the run for {@code group}, started by {@code start}; a caller
   * that joined another's run gets what {@link JoinerResults} hands it, or the future of its own
   * call, {@code own}.
   */
  private CompletableFuture<@Nullable Object> shared(
      CallKey group, FutureCall call, FutureCall.Start start, OwnStart own) {
    Leading leading = new Leading(group);
    FutureCall.Start run = leaderRun.start(group, call, start);
    CompletableFuture<@Nullable Object> caller =
        joined(call, futureExecutor().execute(group, call.leading(leading.marking(run))));
    CompletableFuture<@Nullable Object> timed =
        timeout == null || caller.isDone() ? caller : withTimeout(caller, call, timeout);
    if (leading.ran) {
      return timed;
    }
    return CallerFuture.composed(
        timed,
        value -> {
          Object joined = results.forJoiner(value);
          if (!(joined instanceof OwnCall ownCall)) {
            return CompletableFuture.completedFuture(joined);
          }
          reports.notCollapsed(call, ownCall.reason());
          CompletableFuture<@Nullable Object> mine = own.start();
          return mine != null
              ? mine
              : CompletableFuture.failedFuture(
                  new NullPointerException(
                      name + ": the method returned null instead of a future"));
        });
  }

  /**
   * Returns the caller's future of {@code future}, the executor's, once {@code call} recorded what
   * it records on the outcome, if anything: a caller may end its own observation on the outcome
   * (a WebFlux request writes its response and stops its observation), after which nothing more
   * can be recorded on it.
   */
  private static CompletableFuture<@Nullable Object> joined(
      FutureCall call, CompletableFuture<@Nullable Object> future) {
    BiConsumer<@Nullable Object, @Nullable Throwable> onOutcome = call.joined(future);
    return onOutcome == null ? future : CallerFuture.afterOutcome(future, onOutcome);
  }

  /** Starts a caller's own call of a method returning a future or a {@code Mono}. */
  @FunctionalInterface
  interface OwnStart {

    /** Calls the method in the caller's context and returns its future, or {@code null}. */
    @Nullable CompletableFuture<@Nullable Object> start() throws Exception;
  }

  /**
   * Whether this caller's own call ran the method: only the leader's callable is called, on its
   * thread, before the executor hands out the result. The run is in flight from then until the
   * method returned, or its future completed ({@link RunsInFlight}).
   */
  private final class Leading {

    private final CallKey group;

    /**
     * The run's key apart from its writes, under which {@link RunsInFlight} keeps it; made once
     * the caller leads, since most callers join.
     */
    private @Nullable CallKey apart;

    private boolean ran;

    Leading(CallKey group) {
      this.group = group;
    }

    Callable<@Nullable Object> marking(Callable<@Nullable Object> method) {
      return () -> {
        started();
        try {
          return method.call();
        } finally {
          ended();
        }
      };
    }

    // the callback only ends the run's record: the executor shares the future returned
    @SuppressWarnings("FutureReturnValueIgnored")
    FutureCall.Start marking(FutureCall.Start start) {
      return observation -> {
        started();
        CompletableFuture<@Nullable Object> future;
        try {
          future = start.start(observation);
        } catch (Throwable e) {
          ended();
          throw e;
        }
        if (future == null) {
          ended();
        } else {
          future.whenComplete((value, failure) -> ended());
        }
        return future;
      };
    }

    private void started() {
      ran = true;
      CallKey key = group.withWrites(0);
      apart = key;
      if (inFlight.started(key, group.writes())) {
        reports.ledAfterWrite();
      }
    }

    private void ended() {
      inFlight.ended(Objects.requireNonNull(apart, "started"), group.writes());
    }
  }

  /**
   * Times out the caller's own future, which leaves the run to the others, and reports it once:
   * only a timeout that fired after the caller waited its time is its own, not a
   * {@code TimeoutException} the method's future failed with.
   */
  // the callback only reports the timeout: the caller's future, returned, carries the outcome
  @SuppressWarnings("FutureReturnValueIgnored")
  private CompletableFuture<@Nullable Object> withTimeout(
      CompletableFuture<@Nullable Object> caller, FutureCall call, Duration timeout) {
    long nanos = timeout.toNanos();
    long start = System.nanoTime();
    caller
        .orTimeout(nanos, TimeUnit.NANOSECONDS)
        .whenComplete(
            (value, failure) -> {
              if (failure instanceof TimeoutException && System.nanoTime() - start >= nanos) {
                call.timedOut();
                reports.timedOut();
              }
            });
    return caller;
  }

  @SuppressWarnings("unchecked")
  private static @Nullable CompletableFuture<@Nullable Object> toFuture(@Nullable Object result) {
    return result == null ? null : ((CompletionStage<Object>) result).toCompletableFuture();
  }

  @Override
  public CollapsedMethod description() {
    return description;
  }

  @Override
  public MethodReports reports() {
    return reports;
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
