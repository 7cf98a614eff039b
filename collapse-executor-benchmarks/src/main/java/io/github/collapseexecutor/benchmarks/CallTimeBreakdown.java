package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.Input;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the time of a collapsed call goes, beside the direct call: 200 platform threads load one
 * random id per call from one {@link SlowBackend}, through one variant after the other, and every
 * call is cut into four parts that add up to its whole time:
 *
 * <ul>
 *   <li><b>wait</b>: from the submission to the start of its batch's backend call (waiting for a
 *       slot, and in the blocking flavour for the caller asked to lead the batch to wake);</li>
 *   <li><b>backend</b>: the backend call, the wake-up of the thread that made it included;</li>
 *   <li><b>until bound</b>: from the end of the backend call until {@code bindingOutput} binds
 *       this caller's output, which grows with the callers bound before it;</li>
 *   <li><b>to caller</b>: from the binding until the caller's thread has the output, which is
 *       the wake-up of a parked thread by another.</li>
 * </ul>
 *
 * A direct call is all backend. The variants are those of {@link SlowBackendRounds}:
 * {@code direct}, {@code blocking} and {@code async} (default options), and {@code blocking-N} and
 * {@code async-N} with a fixed limit of N batches in flight ({@code max} for no limit). Each runs
 * for a second of warm-up, then is measured.
 *
 * <p>Arguments: the backend ({@code unlimited}, {@code 8} or {@code saturated}; default
 * {@code unlimited}), the seconds measured per variant (default 3), and the variants,
 * comma-separated (default {@code direct,blocking,async,blocking-max}). Run on the class path that
 * {@code load.sh} uses. For ratios to the direct call on a machine whose speed drifts, use
 * {@link SlowBackendRounds}; this class runs the variants one after the other.
 */
public final class CallTimeBreakdown {

  private static final int CALLERS = 200;
  private static final long WARM_UP_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final String DEFAULT_VARIANTS = "direct,blocking,async,blocking-max";

  /** One request and when each of its parts ended; each field is written by one thread. */
  static final class TimedRequest {
    final int id;
    long submitted;
    long backendStarted;
    long backendEnded;
    long bound;

    TimedRequest(int id) {
      this.id = id;
    }
  }

  /** Marks on each request when its batch's backend call began and ended, and when it was bound. */
  private static final SlowBackendLoaders.Requests<TimedRequest> TIMED =
      new SlowBackendLoaders.Requests<>() {
        @Override
        public Integer id(TimedRequest request) {
          return request.id;
        }

        @Override
        public Map<Integer, Integer> loadAll(
            SlowBackend backend, Collection<Input<TimedRequest>> inputs) {
          List<Integer> ids = ids(inputs);
          long started = System.nanoTime();
          Map<Integer, Integer> values = backend.loadAll(ids);
          long ended = System.nanoTime();
          for (Input<TimedRequest> input : inputs) {
            input.value().backendStarted = started;
            input.value().backendEnded = ended;
          }
          return values;
        }

        @Override
        public Integer valueOf(TimedRequest request, Map<Integer, Integer> values) {
          request.bound = System.nanoTime();
          return values.get(request.id);
        }
      };

  /** The sums of the parts over the measured calls of one variant. */
  private static final class Parts {
    final LongAdder calls = new LongAdder();
    final LongAdder wait = new LongAdder();
    final LongAdder backend = new LongAdder();
    final LongAdder untilBound = new LongAdder();
    final LongAdder toCaller = new LongAdder();
    final LongAdder total = new LongAdder();

    void add(TimedRequest request, long returned) {
      calls.increment();
      wait.add(request.backendStarted - request.submitted);
      backend.add(request.backendEnded - request.backendStarted);
      untilBound.add(request.bound - request.backendEnded);
      toCaller.add(returned - request.bound);
      total.add(returned - request.submitted);
    }

    double meanMicros(LongAdder part) {
      long n = calls.sum();
      return n == 0 ? 0 : part.sum() / 1e3 / n;
    }
  }

  private CallTimeBreakdown() {}

  public static void main(String[] args) throws Exception {
    System.out.print(run(args));
  }

  /** Measures the variants that {@code args} describe and returns the table. */
  static String run(String... args) throws Exception {
    ToolArguments arguments = new ToolArguments(args);
    String backendName = arguments.text(0, "unlimited");
    double seconds = arguments.positive(1, "seconds per variant", 3);
    String names = arguments.text(2, DEFAULT_VARIANTS);
    SlowBackend backend = SlowBackend.named(backendName);
    StringBuilder table =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%n%d callers, backend %s, %.1f s per variant; mean microseconds per call%n"
                    + "%-14s %11s %10s %8s %8s %12s %10s %8s%n",
                CALLERS,
                backendName,
                seconds,
                "variant",
                "requests/s",
                "calls/1000",
                "wait",
                "backend",
                "until bound",
                "to caller",
                "total"));
    List<String> variants = new ArrayList<>();
    for (String name : names.split(",")) {
      variants.add(name.trim());
      if (!name.trim().equals("direct")) {
        LoaderVariant.parse(name.trim());
      }
    }
    for (String name : variants) {
      table.append(measure(backend, name, (long) (seconds * 1e9)));
    }
    return table.toString();
  }

  /** A loader for the variant, and what closes it; refuses an unknown name at once. */
  private static LoaderVariant.Started<TimedRequest> loader(SlowBackend backend, String name) {
    if (name.equals("direct")) {
      return LoaderVariant.started(
          request -> {
            request.backendStarted = request.submitted;
            Integer value = backend.loadOne(request.id);
            request.backendEnded = System.nanoTime();
            request.bound = request.backendEnded;
            return value;
          },
          null,
          () -> {});
    }
    return LoaderVariant.parse(name).start(backend, TIMED);
  }

  /** Runs one variant: warms it up, measures it, and returns its row. */
  private static String measure(SlowBackend backend, String name, long measureNanos)
      throws InterruptedException {
    LoaderVariant.Started<TimedRequest> loader = loader(backend, name);
    Parts parts = new Parts();
    Thread[] callers = new Thread[CALLERS];
    long warmUpEnd = System.nanoTime() + WARM_UP_NANOS;
    long end = warmUpEnd + measureNanos;
    for (int i = 0; i < CALLERS; i++) {
      callers[i] = new Thread(() -> callUntil(loader, parts, warmUpEnd, end), "caller-" + i);
      callers[i].setDaemon(true);
      callers[i].start();
    }
    parkUntil(warmUpEnd);
    long callsBefore = backend.calls();
    parkUntil(end);
    long backendCalls = backend.calls() - callsBefore;
    for (Thread caller : callers) {
      caller.join(TimeUnit.SECONDS.toMillis(30));
    }
    loader.close();
    long calls = parts.calls.sum();
    return String.format(
        Locale.ROOT,
        "%-14s %11.0f %10.1f %8.0f %8.0f %12.0f %10.0f %8.0f%n",
        name,
        calls / (measureNanos / 1e9),
        calls == 0 ? 0 : 1000.0 * backendCalls / calls,
        parts.meanMicros(parts.wait),
        parts.meanMicros(parts.backend),
        parts.meanMicros(parts.untilBound),
        parts.meanMicros(parts.toCaller),
        parts.meanMicros(parts.total));
  }

  /** Calls until {@code end}, counting the calls that start after {@code from} and end by then. */
  private static void callUntil(
      LoaderVariant.Started<TimedRequest> loader, Parts parts, long from, long end) {
    for (; ; ) {
      TimedRequest request = new TimedRequest(ThreadLocalRandom.current().nextInt(1_000_000));
      request.submitted = System.nanoTime();
      if (request.submitted >= end) {
        return;
      }
      loader.load(request);
      long returned = System.nanoTime();
      if (request.submitted >= from && returned <= end) {
        parts.add(request, returned);
      }
    }
  }

  private static void parkUntil(long deadline) {
    long remaining;
    while ((remaining = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(remaining);
    }
  }
}
