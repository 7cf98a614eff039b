package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseSwitch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the {@code collapse} health indicator says, apart from Spring Boot's health types, which
 * differ between its lines. DOWN only while executors refuse calls: an executor at
 * {@code max-pending-inputs} fails the calls it refuses, which is overload of this instance that
 * a load balancer relieves by sending traffic elsewhere. Everything else collapse can be in
 * leaves the instance serving every call, so it is UP, with the state in the details: a switch
 * turned off (calls run directly), a caller's timeout (it makes its own call), a failed run (the
 * backend failed, for every instance alike), collapse groups that reach no client (a setting).
 *
 * <p>Each check reports the refusals since the previous check: DOWN once per burst of refusals,
 * UP again at the next check without one, so that an instance returns to rotation when the
 * overload passes. Thread-safe.
 */
final class CollapseHealth implements CollapseListener {

  private final CollapseExecutors executors;
  private final Map<String, LongAdder> rejected = new ConcurrentHashMap<>();
  private final Map<String, Long> rejectedAtLastCheck = new TreeMap<>();

  CollapseHealth(CollapseExecutors executors) {
    this.executors = executors;
  }

  /**
   * Listens to the executors of the {@code core} integration only: annotated methods, named
   * executors and the beans built from the options are the ones that can refuse a call, and the
   * HTTP adapters then keep reporting nothing they need not.
   */
  CollapseListenerFactory listenerFactory() {
    return integration ->
        CollapseExecutorAutoConfiguration.INTEGRATION.equals(integration)
            ? this
            : CollapseListener.NONE;
  }

  @Override
  public void callRejected(String executorName) {
    rejected.computeIfAbsent(executorName, any -> new LongAdder()).increment();
  }

  /** One answer: whether the instance is up, and what to show beside it. */
  record Report(boolean up, Map<String, Object> details) {}

  /** Checks, and starts counting the refusals the next check reports. */
  synchronized Report check() {
    Map<String, Long> refusedSinceLastCheck = new TreeMap<>();
    Map<String, Long> refusedInAll = new TreeMap<>();
    rejected.forEach(
        (executor, count) -> {
          long now = count.sum();
          long before = rejectedAtLastCheck.getOrDefault(executor, 0L);
          refusedInAll.put(executor, now);
          if (now > before) {
            refusedSinceLastCheck.put(executor, now - before);
          }
          rejectedAtLastCheck.put(executor, now);
        });
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("rejectedSinceLastCheck", refusedSinceLastCheck);
    details.put("rejected", refusedInAll);
    details.put("collapsingOff", collapsingOff());
    return new Report(refusedSinceLastCheck.isEmpty(), details);
  }

  /** The core executors and HTTP groups switched off, which serve every call directly. */
  private List<String> collapsingOff() {
    List<String> off = new ArrayList<>();
    executors.coreExecutors().stream()
        .filter(executor -> !executor.isCollapsing())
        .map(CollapseExecutor::name)
        .distinct()
        .forEach(off::add);
    for (CollapseExecutorDescriptor adapter : executors.list()) {
      CollapseSwitch collapseSwitch = adapter.options().collapseSwitch();
      for (CollapseGroup group : adapter.options().groups()) {
        if (!collapseSwitch.isOn(group)) {
          off.add(adapter.name() + " " + group.name());
        }
      }
    }
    return off;
  }
}
