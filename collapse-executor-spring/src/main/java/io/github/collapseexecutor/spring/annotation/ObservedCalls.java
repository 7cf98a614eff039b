package io.github.collapseexecutor.spring.annotation;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/**
 * Observe mode of one {@code @Collapsible} method
 * ({@link io.github.collapseexecutor.spring.NamedExecutor#observeOnly()}): every call runs the
 * method itself, and this counts what collapse would have made of it. A call whose key (the key
 * collapse makes, caller identity and writes included) equals that of a call in progress would
 * have joined that call's run; its own result, judged as collapse judges a run's result for a
 * caller that joined, says whether collapse would have saved its call or why not. Each call, and
 * each would-be run once its first call ended, is reported to the method's listener; and when a
 * call ends, at most every {@link #INTERVAL_NANOS}, one INFO line says what collapse would have
 * saved so far.
 */
final class ObservedCalls {

  /** How long the method waits between two lines: five minutes, as an HTTP group. */
  static final long INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(5);

  private static final System.Logger LOG = System.getLogger(ObservedCalls.class.getName());

  /** Salts the hashes keys are shown by, so that a hash says nothing across processes. */
  private static final int KEY_LABEL_SALT = ThreadLocalRandom.current().nextInt();

  private final String name;
  private final JoinerResults results;
  private final MethodReports reports;

  /** The callers of each would-be run in progress, by key, the first included. */
  private final Map<CallKey, AtomicInteger> runs = new ConcurrentHashMap<>();

  private final LongAdder calls = new LongAdder();
  private final LongAdder wouldJoin = new LongAdder();
  private final LongAdder wouldSave = new LongAdder();
  private final Map<String, LongAdder> unshared = new ConcurrentHashMap<>();
  private final LongSupplier clock;

  /** When the next line is due, in {@link #clock} time. */
  private final AtomicLong next;

  ObservedCalls(String name, JoinerResults results, MethodReports reports) {
    this(name, results, reports, System::nanoTime);
  }

  ObservedCalls(String name, JoinerResults results, MethodReports reports, LongSupplier clock) {
    this.name = name;
    this.results = results;
    this.reports = reports;
    this.clock = clock;
    this.next = new AtomicLong(clock.getAsLong() + INTERVAL_NANOS);
  }

  /** Starts observing a call of {@code key}; the caller ends it once. */
  Call start(CallKey key) {
    AtomicInteger mine = new AtomicInteger(1);
    AtomicInteger run = runs.merge(key, mine, ObservedCalls::joined);
    return new Call(key, run == mine ? mine : null);
  }

  /**
   * Calls the method of {@code invocation} as without collapse, counted as a call of {@code key}
   * that ends with the method's value or exception.
   */
  @Nullable Object proceed(CallKey key, MethodInvocation invocation) throws Throwable {
    Call call = start(key);
    Object result;
    try {
      result = invocation.proceed();
    } catch (Throwable e) {
      call.failed();
      throw e;
    }
    call.returned(result);
    return result;
  }

  private static AtomicInteger joined(AtomicInteger run, AtomicInteger unused) {
    run.incrementAndGet();
    return run;
  }

  private void counted(boolean joined, @Nullable OwnCall reason) {
    calls.increment();
    if (joined) {
      wouldJoin.increment();
      if (reason == null) {
        wouldSave.increment();
      } else {
        unshared.computeIfAbsent(reason.reason(), any -> new LongAdder()).increment();
      }
    }
    long now = clock.getAsLong();
    long due = next.get();
    if (now - due >= 0 && next.compareAndSet(due, now + INTERVAL_NANOS)) {
      LOG.log(System.Logger.Level.INFO, this::line);
    }
  }

  /**
   * Returns, for instance, {@code "QuoteService.quote: observing: would save 71% of 12400 calls
   * (8810 would join); not shared: mutable-result 3%"}.
   */
  String line() {
    long all = calls.sum();
    StringBuilder line =
        new StringBuilder(name)
            .append(": observing: would save ")
            .append(percent(wouldSave.sum(), all))
            .append(" of ")
            .append(all)
            .append(" calls (")
            .append(wouldJoin.sum())
            .append(" would join)");
    String separator = "; not shared: ";
    for (Map.Entry<String, LongAdder> reason : new TreeMap<>(unshared).entrySet()) {
      line.append(separator)
          .append(reason.getKey())
          .append(' ')
          .append(percent(reason.getValue().sum(), all));
      separator = ", ";
    }
    return line.toString();
  }

  private static String percent(long part, long whole) {
    return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.0f%%", 100.0 * part / whole);
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
      counted(led == null, unshared);
    }

    private String label() {
      int hash = (key.hashCode() ^ KEY_LABEL_SALT) * 0x9E3779B9;
      return name + " #" + Integer.toHexString((hash >>> 8) | 0x1000000).substring(1);
    }
  }
}
