package io.github.collapseexecutor.spring.annotation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Observe mode of one {@code @Collapsible} method
 * ({@link io.github.collapseexecutor.spring.NamedExecutor#observeOnly()}): every call runs the
 * method itself, and this counts what collapse would have made of it. A call whose key (the key
 * collapse makes, caller identity and writes included) equals that of a call in progress would
 * have joined that call's run; its own result, judged as collapse judges a run's result for a
 * caller that joined, says whether collapse would have saved its call or why not. Each call, and
 * each would-be run once its first call ended, is reported to the method's listener.
 */
final class ObservedCalls {

  /** Salts the hashes keys are shown by, so that a hash says nothing across processes. */
  private static final int KEY_LABEL_SALT = ThreadLocalRandom.current().nextInt();

  private final String name;
  private final JoinerResults results;
  private final MethodReports reports;

  /** The callers of each would-be run in progress, by key, the first included. */
  private final Map<CallKey, AtomicInteger> runs = new ConcurrentHashMap<>();

  ObservedCalls(String name, JoinerResults results, MethodReports reports) {
    this.name = name;
    this.results = results;
    this.reports = reports;
  }

  /** Starts observing a call of {@code key}; the caller ends it once. */
  Call start(CallKey key) {
    AtomicInteger mine = new AtomicInteger(1);
    AtomicInteger run = runs.merge(key, mine, ObservedCalls::joined);
    return new Call(key, run == mine ? mine : null);
  }

  private static AtomicInteger joined(AtomicInteger run, AtomicInteger unused) {
    run.incrementAndGet();
    return run;
  }

  /** One call that runs the method itself. */
  final class Call {

    private final CallKey key;

    /** The callers of the would-be run this call would have led, or null if it would join. */
    private final @Nullable AtomicInteger led;

    private final AtomicBoolean ended = new AtomicBoolean();

    private Call(CallKey key, @Nullable AtomicInteger led) {
      this.key = key;
      this.led = led;
    }

    /** Ends with {@code result}, the method's own result for this call. */
    void returned(@Nullable Object result) {
      if (ended.compareAndSet(false, true)) {
        // only a caller that joined takes the run's result: the first keeps its own
        ended(led == null ? results.refusal(result) : null);
      }
    }

    /** Ends with a failure, which collapse would hand every caller of the run. */
    void failed() {
      if (ended.compareAndSet(false, true)) {
        ended(null);
      }
    }

    private void ended(@Nullable OwnCall unshared) {
      if (led != null && runs.remove(key, led)) {
        reports.observedRun(label(), led.get());
      }
      reports.observed(led == null, unshared);
    }

    private String label() {
      int hash = (key.hashCode() ^ KEY_LABEL_SALT) * 0x9E3779B9;
      return name + " #" + Integer.toHexString((hash >>> 8) | 0x1000000).substring(1);
    }
  }
}
