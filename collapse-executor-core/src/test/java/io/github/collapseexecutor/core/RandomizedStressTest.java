package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many threads, random failures of every kind: batch exceptions, failed and unbound bundles,
 * caller timeouts, cancellations and interrupts. Every call must end exactly once, with its own
 * output or with a failure that belongs to it, and the executors must end with nothing pending.
 *
 * <p>Size with {@code -Dstress.calls=N} (calls per thread; default 20,000 over 64 threads).
 */
@Timeout(300)
final class RandomizedStressTest {

  private static final int THREADS = 64;
  private static final int CALLS = Integer.getInteger("stress.calls", 20_000);

  /** Outputs are derived from inputs, so a call that got another caller's output is caught. */
  private static String outputFor(long input) {
    return "v" + input;
  }

  /** A backend that fails whole batches, single inputs, or forgets inputs, at random. */
  private static Map<Long, String> load(Collection<Input<Long>> inputs) throws Exception {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int dice = random.nextInt(1000);
    if (dice < 20) {
      throw new ChaosException("batch failure");
    }
    if (dice < 25 && Thread.interrupted()) {
      throw new InterruptedException("backend noticed an interrupt");
    }
    if (dice < 40) {
      LockSupport.parkNanos(random.nextInt(50_000));
    }
    Map<Long, String> out = new LinkedHashMap<>();
    for (Input<Long> input : inputs) {
      out.put(input.value(), outputFor(input.value()));
    }
    return out;
  }

  private static <O> void bind(
      Map<Long, String> output,
      List<Bundle<Long, O>> bundles,
      java.util.function.Function<String, O> wrap) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (Bundle<Long, O> bundle : bundles) {
      int dice = random.nextInt(1000);
      if (dice < 10) {
        bundle.fail(new ChaosException("item failure for input " + bundle.value()));
      } else if (dice >= 15) {
        bundle.bindOutput(wrap.apply(output.get(bundle.value())));
      } // else: leave it unbound on purpose
    }
  }

  private static final class ChaosException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChaosException(String message) {
      super(message);
    }
  }

  private static CollapseExecutorOptions options() {
    return CollapseExecutorOptions.builder().maxBatchSize(50).maxConcurrentBatches(4).build();
  }

  /** Checks one ended call; returns a description of what is wrong, or null. */
  private static String check(long input, String output, Throwable failure) {
    if (failure == null) {
      return outputFor(input).equals(output) ? null : "input " + input + " got " + output;
    }
    Throwable cause = failure instanceof CollapseExecutionException ? failure.getCause() : failure;
    if (cause instanceof ChaosException) {
      String message = cause.getMessage();
      boolean own =
          message.equals("batch failure") || message.equals("item failure for input " + input);
      return own ? null : "input " + input + " got a failure of another input: " + message;
    }
    if (cause instanceof java.util.concurrent.CancellationException) {
      return null; // a caller that cancelled its own future
    }
    if (cause instanceof IllegalStateException) {
      return String.valueOf(cause.getMessage())
              .endsWith("did not bind an output for input " + input)
          ? null
          : "input " + input + " got " + cause;
    }
    if (cause instanceof InterruptedException
        || failure instanceof CollapseTimeoutException
        || cause instanceof TimeoutException) {
      return null;
    }
    return "input " + input + " failed unexpectedly: " + failure;
  }

  @Test
  void blockingCallsEndExactlyOnceWithTheirOwnOutcome() throws Exception {
    var executor =
        new CollapseExecutorBlockingSupport<Long, String, Map<Long, String>>(options()) {
          @Override
          protected Map<Long, String> doExecute(Collection<Input<Long>> inputs) throws Exception {
            return load(inputs);
          }

          @Override
          protected void bindingOutput(
              Map<Long, String> output, List<Bundle<Long, String>> bundles) {
            bind(output, bundles, s -> s);
          }
        };
    Queue<String> problems = new ConcurrentLinkedQueue<>();
    AtomicLong ended = new AtomicLong();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      long base = (long) t * 1_000_000_000L;
      workers.add(
          new Thread(
              () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < CALLS; i++) {
                  long input = base + i;
                  String output = null;
                  Throwable failure = null;
                  try {
                    output =
                        random.nextInt(100) < 5
                            ? executor.execute(input, Duration.ofNanos(random.nextInt(200_000)))
                            : executor.execute(input);
                  } catch (Throwable e) {
                    failure = e;
                  }
                  Thread.interrupted(); // an interrupt meant for this call must not leak into the
                  // next
                  ended.incrementAndGet();
                  String problem = check(input, output, failure);
                  if (problem != null) {
                    problems.add(problem);
                  }
                }
              },
              "stress-" + t));
    }
    Thread chaos =
        new Thread(
            () -> {
              ThreadLocalRandom random = ThreadLocalRandom.current();
              while (!Thread.currentThread().isInterrupted()) {
                workers.get(random.nextInt(THREADS)).interrupt();
                LockSupport.parkNanos(200_000);
              }
            },
            "stress-interrupter");
    workers.forEach(Thread::start);
    chaos.start();
    for (Thread worker : workers) {
      worker.join(TimeUnit.MINUTES.toMillis(4));
      assertThat(worker.isAlive()).as("%s still running (hung call?)", worker.getName()).isFalse();
    }
    chaos.interrupt();
    chaos.join();

    assertThat(problems).isEmpty();
    assertThat(ended).hasValue((long) THREADS * CALLS);
    assertThat(EngineInternals.pendingInputs(executor)).isZero();
  }

  @Test
  void asyncAndFutureCallsEndExactlyOnceWithTheirOwnOutcome() throws Exception {
    var async =
        new CollapseExecutorAsyncSupport<Long, String, Map<Long, String>>(options()) {
          @Override
          protected Map<Long, String> doExecute(Collection<Input<Long>> inputs) throws Exception {
            return load(inputs);
          }

          @Override
          protected void bindingOutput(
              Map<Long, String> output, List<Bundle<Long, CompletableFuture<String>>> bundles) {
            bind(output, bundles, CompletableFuture::completedFuture);
          }
        };
    var future =
        new CollapseExecutorFutureSupport<Long, String, Map<Long, String>>(options()) {
          @Override
          protected CompletableFuture<Map<Long, String>> doExecute(Collection<Input<Long>> inputs) {
            return CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return load(inputs);
                  } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e);
                  }
                });
          }

          @Override
          protected void bindingOutput(
              Map<Long, String> output, List<Bundle<Long, String>> bundles) {
            bind(output, bundles, s -> s);
          }
        };
    Queue<String> problems = new ConcurrentLinkedQueue<>();
    AtomicLong ended = new AtomicLong();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      long base = (long) t * 1_000_000_000L;
      boolean useAsync = t % 2 == 0;
      workers.add(
          new Thread(
              () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < CALLS; i++) {
                  long input = base + i;
                  CompletableFuture<String> call =
                      useAsync ? async.execute(input) : future.execute(input);
                  int dice = random.nextInt(100);
                  if (dice < 3) {
                    call.cancel(false);
                  } else if (dice < 6) {
                    call.orTimeout(random.nextInt(200), TimeUnit.MICROSECONDS);
                  }
                  String output = null;
                  Throwable failure = null;
                  try {
                    output = call.get(30, TimeUnit.SECONDS);
                  } catch (ExecutionException e) {
                    failure = e.getCause();
                  } catch (java.util.concurrent.CancellationException e) {
                    failure = e;
                  } catch (Throwable e) {
                    failure = new AssertionError("call for input " + input + " did not end", e);
                  }
                  ended.incrementAndGet();
                  String problem = check(input, output, failure);
                  if (problem != null) {
                    problems.add(problem);
                  }
                }
              },
              "stress-" + t));
    }
    workers.forEach(Thread::start);
    for (Thread worker : workers) {
      worker.join(TimeUnit.MINUTES.toMillis(4));
      assertThat(worker.isAlive()).as("%s still running (hung call?)", worker.getName()).isFalse();
    }
    assertThat(problems).isEmpty();
    assertThat(ended).hasValue((long) THREADS * CALLS);
    Await.until(
        () ->
            EngineInternals.pendingInputs(async) == 0 && EngineInternals.pendingInputs(future) == 0,
        () -> "inputs left pending");
    async.close();
    future.close();
  }
}
