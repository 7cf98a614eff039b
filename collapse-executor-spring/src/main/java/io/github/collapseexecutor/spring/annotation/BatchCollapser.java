package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.CollapseExecutionException;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.spring.observation.MethodObserver.MethodExecutor;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.ProxyMethodInvocation;

/** Batch collapse of one {@link CollapseBatch} method, on a batch executor of its own. */
final class BatchCollapser implements MethodCollapser {

  /** Why a call with a {@code null} argument goes straight to the method. */
  static final String NULL_ARGUMENT = "null-argument";

  private final Method method;
  private final BatchMethod batchMethod;
  private final @Nullable Duration timeout;
  private final @Nullable MethodBatchExecutor executor;
  private final @Nullable MethodBatchFutures futures;
  private final CollapsedMethod description;
  private final MethodObserver observer;
  private final CallerIdentities identities;
  private final JoinerResults results;
  private final MethodReports reports;

  /** What batching would have made of each call, when the executor only observes; else null. */
  private final @Nullable ObservedCalls observed;

  /**
   * @param site the method, where the bean has it
   * @param identities what tells callers apart; {@link CallerIdentities#NONE} for a method shared
   *     across callers
   * @param results what a caller gets of the result of the batch, computed on another caller's
   *     thread, for its argument
   * @param reports where what its calls did beyond the executor's reports goes
   */
  BatchCollapser(
      MethodSite site,
      BatchMethod batchMethod,
      NamedExecutor executor,
      MethodObserver observer,
      CallerIdentities identities,
      JoinerResults results,
      MethodReports reports) {
    this.method = site.method();
    this.results = results;
    this.reports = reports;
    this.identities = identities;
    this.batchMethod = batchMethod;
    this.timeout = executor.timeout();
    this.observer = observer;
    String name = site.executorName();
    this.observed = executor.observeOnly() ? new ObservedCalls(name, results, reports) : null;
    CollapseExecutorOptions options =
        executor.options().toBuilder()
            .name(name)
            // one bean's calls per batch, as the batch method is called on that bean, and one
            // identity's, as it runs on the thread of one of the batch's callers and sees its
            // context
            .inputGrouper(
                (BatchCall call) ->
                    call.identity() == null
                        ? new BeanIdentity(call.bean())
                        : List.of(new BeanIdentity(call.bean()), call.identity()))
            .build();
    CollapseListener reporting =
        observer.executorCreated(
            MethodExecutor.batch(
                name,
                options.maxPendingInputs() != CollapseExecutorOptions.DEFAULT_MAX_PENDING_INPUTS,
                timeout != null),
            options.listener());
    CollapseExecutorOptions reported = options.toBuilder().listener(reporting).build();
    MethodBatches batches = new MethodBatches(name, batchMethod, observer, results);
    // a suspend fun's callers wait holding no thread, and its batch method starts a coroutine
    this.executor = batchMethod.isSuspending() ? null : new MethodBatchExecutor(reported, batches);
    this.futures = batchMethod.isSuspending() ? new MethodBatchFutures(reported, batches) : null;
    this.description =
        new CollapsedMethod(site.shown(), "CollapseBatch", executor.name(), batchMethod.toString());
  }

  @Override
  public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    Object[] args = invocation.getArguments();
    Object argument = args[0];
    if (argument == null) {
      reports.notCollapsed(NULL_ARGUMENT);
      return invocation.proceed();
    }
    if (observed != null) {
      return observe(observed, invocation);
    }
    OwnCall passing = results.passing();
    if (passing != null) {
      reports.notCollapsed(passing.reason());
      return invocation.proceed();
    }
    if (futures != null) {
      return suspended(
          new BatchCall(
              bean(invocation),
              argument,
              observer.batchCaller(),
              identities.current(),
              Coroutines.contextOf(args[args.length - 1])),
          invocation);
    }
    BatchCall call =
        new BatchCall(
            bean(invocation), argument, observer.batchCaller(), identities.current(), null);
    MethodBatchExecutor blocking = Objects.requireNonNull(executor, "blocking executor");
    Object result;
    try {
      result = timeout == null ? blocking.execute(call) : blocking.execute(call, timeout);
    } catch (CollapseExecutionException e) {
      throw Invocations.unwrap(e, method);
    }
    if (result instanceof OwnCall own) {
      // the batch's part for this argument could not be handed over: a single call of its own
      reports.notCollapsed(own.reason());
      return invocation.proceed();
    }
    return result;
  }

  /**
   * Calls the method as without collapse and counts what batching would have made of the call: a
   * call made while another of the same bean and caller identity is in progress would have been
   * gathered into a batch with it, whatever its argument. That is at most what batching saves: a
   * batch executor with a free slot starts a lone call's batch at once, and calls arriving during
   * it gather into the next one.
   */
  private @Nullable Object observe(ObservedCalls observed, MethodInvocation invocation)
      throws Throwable {
    CallKey batch = new CallKey(bean(invocation), method, null, identities.current(), 0);
    if (futures == null) {
      return observed.proceed(batch, invocation);
    }
    // a suspend fun's proxy calls it through a Mono, and awaits the Mono returned here
    Object mono = invocation.proceed();
    return mono == null ? null : MonoCollapse.observe(mono, batch, List.of(), () -> 0, observed);
  }

  /**
   * Returns what the proxy of a {@code suspend fun} awaits: the caller's result from its batch,
   * or, where the batch's part for its argument could not be handed over, its own call. A caller
   * whose coroutine is cancelled leaves the batch alone.
   */
  private Object suspended(BatchCall call, MethodInvocation invocation) {
    CompletableFuture<@Nullable Object> mine =
        Objects.requireNonNull(futures, "future executor").execute(call);
    if (timeout != null) {
      mine.orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
    return Coroutines.awaiting(
        mine, Invocations.proceedingLater(invocation), reports::notCollapsed);
  }

  /**
   * Returns what the batch method is called on: the proxy, so that the batch method's own advice
   * applies, unless the proxy is not of the bean's class (a JDK interface proxy made by another
   * feature), then the bean itself.
   */
  private Object bean(MethodInvocation invocation) {
    if (invocation instanceof ProxyMethodInvocation proxied
        && batchMethod.isCallableOn(proxied.getProxy())) {
      return proxied.getProxy();
    }
    return Invocations.target(invocation);
  }

  @Override
  public CollapsedMethod description() {
    return description;
  }

  @Override
  public MethodReports reports() {
    return reports;
  }
}
