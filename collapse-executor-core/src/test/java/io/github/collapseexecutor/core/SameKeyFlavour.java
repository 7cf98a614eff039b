package io.github.collapseexecutor.core;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The three same-key executors behind one test interface. */
enum SameKeyFlavour {
  BLOCKING {
    @Override
    Harness create(CollapseListener listener) {
      var target = new BlockingCallableGroupCollapseExecutor("same-key", listener);
      ExecutorService callers = Executors.newCachedThreadPool();
      return new Harness(target, callers) {
        @Override
        <T> CompletableFuture<T> submit(Object group, Callable<T> work) {
          return CompletableFuture.supplyAsync(() -> target.execute(group, work), callers);
        }
      };
    }
  },

  ASYNC {
    @Override
    Harness create(CollapseListener listener) {
      var target = new AsyncCallableGroupCollapseExecutor("same-key", listener);
      return new Harness(target, null) {
        @Override
        <T> CompletableFuture<T> submit(Object group, Callable<T> work) {
          return target.execute(group, work);
        }
      };
    }
  },

  FUTURE {
    @Override
    Harness create(CollapseListener listener) {
      var target = new FutureCallableGroupCollapseExecutor("same-key", listener);
      ExecutorService io = Executors.newCachedThreadPool();
      return new Harness(target, io) {
        @Override
        <T> CompletableFuture<T> submit(Object group, Callable<T> work) {
          if (work == null) {
            return target.execute(group, null);
          }
          return target.execute(
              group,
              () -> {
                CompletableFuture<T> result = new CompletableFuture<>();
                io.execute(
                    () -> {
                      try {
                        result.complete(work.call());
                      } catch (Throwable failure) {
                        result.completeExceptionally(failure);
                      }
                    });
                return result;
              });
        }
      };
    }
  };

  abstract Harness create(CollapseListener listener);

  boolean wrapsCheckedExceptions() {
    return this == BLOCKING;
  }

  /** A running same-key executor of one flavour. */
  abstract static class Harness implements AutoCloseable {
    final AutoCloseable executor;
    private final ExecutorService threads;

    Harness(AutoCloseable executor, ExecutorService threads) {
      this.executor = executor;
      this.threads = threads;
    }

    /** Runs {@code work} for {@code group}; the blocking flavour's caller gets a thread of its own. */
    abstract <T> CompletableFuture<T> submit(Object group, Callable<T> work);

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
}
