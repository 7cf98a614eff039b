package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Records what the executors of one integration report, tagged {@code executor} (the executor's
 * name) and {@code integration}:
 *
 * <ul>
 *   <li>{@value #BATCH_SIZE}: calls served per batch or shared run;</li>
 *   <li>{@value #CALLS}: calls that ran the work ({@code outcome=ran}, one per batch) and calls
 *       that got the result of another's run ({@code outcome=collapsed}); not for the HTTP
 *       adapters, whose requests {@code collapse.http.requests} counts;</li>
 *   <li>{@value #WAIT}: time from a batch's first call to the start of its work; batch executors
 *       only, since same-key work starts with its first call;</li>
 *   <li>{@value #EXECUTION}: time the work took, with {@code outcome=success|failure}; not for an
 *       executor whose runs are observed (an HTTP adapter, an annotated method, an executor bean
 *       when an {@code ObservationRegistry} exists), which the observation's timer times;</li>
 *   <li>{@value #REJECTIONS}: calls refused because too many were pending, for executors with a
 *       limit of pending inputs;</li>
 *   <li>{@value #TIMEOUTS}: callers that stopped waiting at their timeout, for executors with a
 *       timeout (an HTTP adapter counts its waits that timed out as
 *       {@code collapse.http.unshared{reason=wait-timeout}});</li>
 *   <li>{@value #UNSHARED}: calls that did the work themselves instead of taking a run's result,
 *       by {@code reason} ({@code mutable-result}, {@code copy-failed}, ...), as an annotated
 *       method reports them;</li>
 *   <li>{@value #COPY}: time each copy of a run's result for a caller that joined it took, with
 *       its median published, as an annotated method reports them.</li>
 * </ul>
 *
 * <p>An executor's meters are registered when it is created ({@link #executorCreated}), but for
 * {@value #UNSHARED} and {@value #COPY}, registered at the first call of each reason and the first
 * copy; an executor the listener was not told of gets every meter of a batch executor on its first
 * report.
 */
public final class MicrometerCollapseListener implements ExecutorCreationListener {

  /** Distribution summary of calls served per batch or shared run. */
  public static final String BATCH_SIZE = "collapse.executor.batch.size";

  /** Counter of calls, by {@code outcome}: {@code ran} or {@code collapsed}. */
  public static final String CALLS = "collapse.executor.calls";

  /** Timer of the time a batch waited between its first call and the start of its work. */
  public static final String WAIT = "collapse.executor.wait";

  /** Timer of the time the work of a batch or shared run took. */
  public static final String EXECUTION = "collapse.executor.execution";

  /** Counter of calls rejected because too many inputs were pending. */
  public static final String REJECTIONS = "collapse.executor.rejections";

  /** Counter of callers that stopped waiting because their timeout passed. */
  public static final String TIMEOUTS = "collapse.executor.timeouts";

  /** Counter of calls that did the work themselves, by {@code reason}. */
  public static final String UNSHARED = "collapse.executor.unshared";

  /** Timer of the copies of a run's result made for the callers that joined it. */
  public static final String COPY = "collapse.executor.copy";

  private final MeterRegistry registry;
  private final String integration;
  private final Map<String, ExecutorMeters> meters = new ConcurrentHashMap<>();
  private final boolean runsObserved;

  /** Creates a listener that records into {@code registry} for {@code integration}. */
  public MicrometerCollapseListener(MeterRegistry registry, String integration) {
    this(registry, integration, false);
  }

  /**
   * Creates a listener that records into {@code registry} for {@code integration}.
   *
   * @param runsObserved whether an observation times the runs of the executors the listener was
   *     not told of (the executor beans an application builds itself), so that it does not time
   *     them too
   */
  public MicrometerCollapseListener(
      MeterRegistry registry, String integration, boolean runsObserved) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.integration = Objects.requireNonNull(integration, "integration");
    this.runsObserved = runsObserved;
  }

  @Override
  public void executorCreated(CreatedExecutor executor) {
    meters.computeIfAbsent(
        executor.name(), name -> new ExecutorMeters(registry, integration, executor));
  }

  @Override
  public void batchCompleted(BatchReport report) {
    meters(report.executorName()).batchCompleted(report);
  }

  @Override
  public void callRejected(String executorName) {
    meters(executorName).callRejected();
  }

  @Override
  public void callTimedOut(String executorName) {
    meters(executorName).callTimedOut();
  }

  @Override
  public void callNotCollapsed(String executorName, String reason) {
    meters(executorName).callNotCollapsed(reason);
  }

  @Override
  public void resultCopied(String executorName, long copyNanos) {
    meters(executorName).resultCopied(copyNanos);
  }

  @Override
  public void callObserved(String executorName, boolean wouldJoin, @Nullable String unshared) {
    meters(executorName).callObserved(wouldJoin, unshared);
  }

  @Override
  public void runObserved(String executorName, String key, int callers) {
    meters(executorName).runObserved(callers);
  }

  private ExecutorMeters meters(String executorName) {
    return meters.computeIfAbsent(
        executorName,
        name ->
            new ExecutorMeters(
                registry,
                integration,
                CreatedExecutor.batch(name, /* rejects= */ true, /* timesOut= */ true)
                    .observed(runsObserved)));
  }
}
