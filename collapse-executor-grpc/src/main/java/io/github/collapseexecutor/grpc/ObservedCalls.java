package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.core.CollapseListener;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Observe mode of an interceptor ({@link InterceptorBuilder#observeOnly}): every call goes on as
 * without the interceptor, and this counts what collapse would have made of it. A call whose key
 * (the key collapse makes, sensitive metadata and caller identity included) equals that of a call
 * still in progress would have joined that call; collapse hands every caller of a call its status,
 * whatever it is, so each call that would have joined would have saved one. Each call, and each
 * would-be shared call once its first call ended, is reported to the interceptor's listener
 * ({@link CollapseListener#callObserved}, {@link CollapseListener#runObserved}), which the
 * endpoint and the meters count; and when a call ends, at most every {@link #INTERVAL_NANOS},
 * one INFO line says what collapse would have saved so far.
 */
final class ObservedCalls {

  /** How long the interceptor waits between two lines: five minutes, as an HTTP group. */
  static final long INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(5);

  private static final System.Logger LOG = System.getLogger(ObservedCalls.class.getName());

  /** Salts the hashes keys are shown by, so that a hash says nothing across processes. */
  private static final int KEY_LABEL_SALT = ThreadLocalRandom.current().nextInt();

  private final String name;
  private final CollapseListener listener;

  /** The callers of each would-be shared call in progress, by key, the first included. */
  private final Map<Object, AtomicInteger> runs = new ConcurrentHashMap<>();

  private final LongAdder calls = new LongAdder();
  private final LongAdder wouldJoin = new LongAdder();
  private final LongSupplier clock;

  /** When the next line is due, in {@link #clock} time. */
  private final AtomicLong next;

  ObservedCalls(String name, CollapseListener listener) {
    this(name, listener, System::nanoTime);
  }

  ObservedCalls(String name, CollapseListener listener, LongSupplier clock) {
    this.name = name;
    this.listener = listener;
    this.clock = clock;
    this.next = new AtomicLong(clock.getAsLong() + INTERVAL_NANOS);
  }

  private void counted(boolean joined) {
    calls.increment();
    if (joined) {
      wouldJoin.increment();
    }
    long now = clock.getAsLong();
    long due = next.get();
    if (now - due >= 0 && next.compareAndSet(due, now + INTERVAL_NANOS)) {
      LOG.log(System.Logger.Level.INFO, this::line);
    }
  }

  /**
   * Returns, for instance, {@code "grpc: observing: would save 71% of 12400 calls"}: every call
   * that would have joined would have been saved.
   */
  String line() {
    long all = calls.sum();
    long saved = wouldJoin.sum();
    return String.format(
        Locale.ROOT,
        "%s: observing: would save %.0f%% of %d calls",
        name,
        all == 0 ? 0.0 : 100.0 * saved / all,
        all);
  }

  /** Returns the observation of one call, which its interceptor starts and ends. */
  Call call() {
    return new Call();
  }

  private static AtomicInteger joined(AtomicInteger run, AtomicInteger unused) {
    run.incrementAndGet();
    return run;
  }

  /**
   * The observation of one call that went on as without the interceptor: counted once it
   * {@linkplain #start started} (when its request was known) and then {@linkplain #end ended},
   * whichever thread does either; a call that ended first, or never started, is not counted.
   */
  final class Call {

    private @Nullable Object key;
    private String method = "";

    /** The callers of the would-be call this call would have led, or null if it would join. */
    private @Nullable AtomicInteger led;

    private boolean started;
    private boolean ended;

    private Call() {}

    /** Starts the observation of a call of {@code key}, of the method {@code method}. */
    void start(Object key, String method) {
      synchronized (this) {
        if (started || ended) {
          return;
        }
        started = true;
        this.key = key;
        this.method = method;
        AtomicInteger mine = new AtomicInteger(1);
        led = runs.merge(key, mine, ObservedCalls::joined) == mine ? mine : null;
      }
    }

    /** Ends the observation, once; later calls do nothing. */
    void end() {
      synchronized (this) {
        if (ended) {
          return;
        }
        ended = true;
        if (!started) {
          return;
        }
      }
      report();
    }

    private void report() {
      counted(led == null);
      try {
        AtomicInteger run = led;
        if (run != null && runs.remove(Objects.requireNonNull(key), run)) {
          listener.runObserved(name, label(), run.get());
        }
        listener.callObserved(name, run == null, /* unshared= */ null);
      } catch (RuntimeException e) {
        // the call's outcome is its own: a listener that fails is logged, never the caller's
        System.getLogger(ObservedCalls.class.getName())
            .log(System.Logger.Level.WARNING, name + ": collapse listener failed", e);
      }
    }

    /** Shows the key as its method and a short hash, never a request or a credential. */
    private String label() {
      int hash = (Objects.hashCode(key) ^ KEY_LABEL_SALT) * 0x9E3779B9;
      return method + " #" + Integer.toHexString((hash >>> 8) | 0x1000000).substring(1);
    }
  }
}
