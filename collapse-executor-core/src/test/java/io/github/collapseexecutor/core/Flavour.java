package io.github.collapseexecutor.core;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The three batch flavours behind one test interface, so that one behaviour suite runs over all
 * of them. Each test executor maps {@code Integer} inputs to {@code String} outputs through a
 * {@link TestBackend}.
 */
enum Flavour implements BatchFlavour {
  BLOCKING {
    @Override
    public Harness create(CollapseExecutorOptions options, TestBackend backend) {
      var target =
          new CollapseExecutorBlockingSupport<Integer, String, Map<Integer, String>>(options) {
            @Override
            protected Map<Integer, String> doExecute(Collection<Input<Integer>> inputs)
                throws Exception {
              return backend.load(values(inputs));
            }

            @Override
            protected void bindingOutput(
                Map<Integer, String> output, List<Bundle<Integer, String>> bundles) {
              backend.bind(output, bundles);
            }
          };
      return Harness.blocking(target);
    }
  },

  ASYNC {
    @Override
    public Harness create(CollapseExecutorOptions options, TestBackend backend) {
      var target =
          new CollapseExecutorAsyncSupport<Integer, String, Map<Integer, String>>(options) {
            @Override
            protected Map<Integer, String> doExecute(Collection<Input<Integer>> inputs)
                throws Exception {
              return backend.load(values(inputs));
            }

            @Override
            protected void bindingOutput(
                Map<Integer, String> output,
                List<Bundle<Integer, CompletableFuture<String>>> bundles) {
              backend.bind(output, bundles.stream().map(Flavour::immediate).toList());
            }
          };
      return Harness.futures(target, target::execute, null);
    }
  },

  FUTURE {
    @Override
    public Harness create(CollapseExecutorOptions options, TestBackend backend) {
      ExecutorService io = Executors.newCachedThreadPool();
      var target =
          new CollapseExecutorFutureSupport<Integer, String, Map<Integer, String>>(options) {
            @Override
            protected CompletableFuture<Map<Integer, String>> doExecute(
                Collection<Input<Integer>> inputs) {
              List<Integer> values = values(inputs);
              return FunctionFlavour.later(io, () -> backend.load(values));
            }

            @Override
            protected void bindingOutput(
                Map<Integer, String> output, List<Bundle<Integer, String>> bundles) {
              backend.bind(output, bundles);
            }
          };
      return Harness.futures(target, target::execute, io);
    }
  };

  @Override
  public abstract Harness create(CollapseExecutorOptions options, TestBackend backend);

  @Override
  public boolean wrapsCheckedExceptions() {
    return this == BLOCKING;
  }

  @Override
  public boolean callersGetFutures() {
    return this != BLOCKING;
  }

  static List<Integer> values(Collection<Input<Integer>> inputs) {
    return inputs.stream().map(Input::value).collect(Collectors.toList());
  }

  /** Adapts a future-binding bundle so that test binders can bind plain outputs. */
  static Bundle<Integer, String> immediate(Bundle<Integer, CompletableFuture<String>> bundle) {
    return new Bundle<>() {
      @Override
      public Integer value() {
        return bundle.value();
      }

      @Override
      public void bindOutput(String output) {
        bundle.bindOutput(CompletableFuture.completedFuture(output));
      }

      @Override
      public void fail(Throwable failure) {
        bundle.fail(failure);
      }
    };
  }

  /** A running test executor of one flavour. */
  abstract static class Harness implements AutoCloseable {
    final AutoCloseable executor;
    private final ExecutorService threads;

    Harness(AutoCloseable executor, ExecutorService threads) {
      this.executor = executor;
      this.threads = threads;
    }

    /** Drives a blocking executor, each call on a thread of its own. */
    static Harness blocking(CollapseExecutorBlockingSupport<Integer, String, ?> target) {
      ExecutorService callers = Executors.newCachedThreadPool();
      return new Harness(target, callers) {
        @Override
        int pending() {
          return EngineInternals.pendingInputs(target);
        }

        @Override
        CompletableFuture<String> submit(Integer input) {
          return CompletableFuture.supplyAsync(() -> target.execute(input), callers);
        }

        @Override
        CompletableFuture<String> submit(Integer input, Duration timeout) {
          return CompletableFuture.supplyAsync(() -> target.execute(input, timeout), callers);
        }
      };
    }

    /**
     * Drives an executor whose callers get futures from {@code execute}; {@code threads}, if any,
     * are shut down with it.
     */
    static Harness futures(
        BatchExecutorBase<Integer, String> target,
        Function<Integer, CompletableFuture<String>> execute,
        ExecutorService threads) {
      return new Harness(target, threads) {
        @Override
        int pending() {
          return EngineInternals.pendingInputs(target);
        }

        @Override
        CompletableFuture<String> submit(Integer input) {
          return execute.apply(input);
        }

        @Override
        CompletableFuture<String> submit(Integer input, Duration timeout) {
          return execute.apply(input).orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
      };
    }

    /** Returns how many inputs wait for a batch slot. */
    abstract int pending();

    /** Waits until exactly {@code count} inputs wait for a batch slot. */
    void awaitPending(int count) {
      Await.until(
          () -> pending() == count, () -> "pending inputs: " + pending() + ", wanted " + count);
    }

    /** Submits one call; for the blocking flavour it runs on a thread of its own. */
    abstract CompletableFuture<String> submit(Integer input);

    /**
     * Submits one call whose caller stops waiting after {@code timeout}: with the blocking
     * flavour's timeout, or with {@code orTimeout} on the caller's own future.
     */
    abstract CompletableFuture<String> submit(Integer input, Duration timeout);

    @Override
    public void close() {
      try {
        executor.close();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      } finally {
        if (threads != null) {
          threads.shutdownNow();
        }
      }
    }
  }

  /** The binder most tests use: each input's output is the backend's entry for it. */
  static final BiConsumer<Map<Integer, String>, List<Bundle<Integer, String>>> BIND_FROM_MAP =
      (output, bundles) -> bundles.forEach(b -> b.bindOutput(output.get(b.value())));
}
