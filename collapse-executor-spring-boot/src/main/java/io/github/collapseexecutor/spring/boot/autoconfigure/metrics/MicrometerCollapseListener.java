package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.core.BatchReport;
import io.github.collapseexecutor.core.CollapseListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Records what the executors of one integration report, tagged {@code executor} (the executor's
 * name) and {@code integration}:
 *
 * <ul>
 *   <li>{@value #BATCH_SIZE}: calls served per batch or shared run;</li>
 *   <li>{@value #CALLS}: calls that ran their own work ({@code outcome=ran}, one per batch) and
 *       calls that got another's result ({@code outcome=collapsed});</li>
 *   <li>{@value #WAIT}: time from a batch's first call to the start of its work;</li>
 *   <li>{@value #EXECUTION}: time the work took, with {@code outcome=success|failure};</li>
 *   <li>{@value #REJECTIONS} and {@value #TIMEOUTS}: calls refused because too many were pending,
 *       and callers that stopped waiting.</li>
 * </ul>
 *
 * <p>Meters are created on an executor's first report and looked up in a map afterwards.
 */
public final class MicrometerCollapseListener implements CollapseListener {

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

  private final MeterRegistry registry;
  private final String integration;
  private final Map<String, Meters> meters = new ConcurrentHashMap<>();

  /** Creates a listener that records into {@code registry} for {@code integration}. */
  public MicrometerCollapseListener(MeterRegistry registry, String integration) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.integration = Objects.requireNonNull(integration, "integration");
  }

  @Override
  public void batchCompleted(BatchReport report) {
    Meters m = meters(report.executorName());
    m.batchSize.record(report.size());
    m.ran.increment();
    if (report.size() > 1) {
      m.collapsed.increment(report.size() - 1);
    }
    m.waiting.record(report.collectNanos(), TimeUnit.NANOSECONDS);
    Timer execution = report.succeeded() ? m.succeeded : m.failed;
    execution.record(report.executeNanos(), TimeUnit.NANOSECONDS);
  }

  @Override
  public void callRejected(String executorName) {
    meters(executorName).rejections.increment();
  }

  @Override
  public void callTimedOut(String executorName) {
    meters(executorName).timeouts.increment();
  }

  private Meters meters(String executorName) {
    return meters.computeIfAbsent(executorName, this::register);
  }

  private Meters register(String executorName) {
    Tags tags = Tags.of("executor", executorName, "integration", integration);
    return new Meters(
        DistributionSummary.builder(BATCH_SIZE).baseUnit("calls")
            .description("Calls served per batch or shared run").tags(tags).register(registry),
        Counter.builder(CALLS).description("Calls that ran their own work or got another's result")
            .tags(tags).tag("outcome", "ran").register(registry),
        Counter.builder(CALLS).description("Calls that ran their own work or got another's result")
            .tags(tags).tag("outcome", "collapsed").register(registry),
        Timer.builder(WAIT).description("Time from a batch's first call to the start of its work")
            .tags(tags).register(registry),
        Timer.builder(EXECUTION).description("Time the work of a batch or shared run took")
            .tags(tags).tag("outcome", "success").register(registry),
        Timer.builder(EXECUTION).description("Time the work of a batch or shared run took")
            .tags(tags).tag("outcome", "failure").register(registry),
        Counter.builder(REJECTIONS).description("Calls rejected because too many were pending")
            .tags(tags).register(registry),
        Counter.builder(TIMEOUTS).description("Callers that stopped waiting at their timeout")
            .tags(tags).register(registry));
  }

  private record Meters(DistributionSummary batchSize, Counter ran, Counter collapsed,
      Timer waiting, Timer succeeded, Timer failed, Counter rejections, Counter timeouts) {}
}
