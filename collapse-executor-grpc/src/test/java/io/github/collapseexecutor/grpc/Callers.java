package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.testing.Parking;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Callers on threads of their own, each with the outcome of its call: a value or a failure. */
final class Callers<T> {

  private final List<Thread> threads = new ArrayList<>();
  private final List<CompletableFuture<T>> outcomes = new ArrayList<>();

  private Callers() {}

  /** Starts {@code n} callers, caller {@code i} making {@code call.apply(i)}. */
  static <T> Callers<T> start(int n, IntFunction<Callable<T>> call) {
    Callers<T> callers = new Callers<>();
    for (int i = 0; i < n; i++) {
      Callable<T> task = call.apply(i);
      CompletableFuture<T> outcome = new CompletableFuture<>();
      Thread thread =
          new Thread(
              () -> {
                try {
                  outcome.complete(task.call());
                } catch (Throwable failure) {
                  outcome.completeExceptionally(failure);
                }
              },
              "caller-" + i);
      thread.setDaemon(true);
      callers.threads.add(thread);
      callers.outcomes.add(outcome);
    }
    callers.threads.forEach(Thread::start);
    return callers;
  }

  /**
   * Starts {@code first}; once {@code awaitFirstArrived} returns, its call having reached the
   * backend, starts {@code second}, waits until it waits for a call or has its outcome, and lets
   * the backend go on with {@code release}. Returns both values, first's first.
   */
  static <T> List<T> secondWhileFirstWaits(
      Callable<T> first, Callable<T> second, Runnable awaitFirstArrived, Runnable release)
      throws Exception {
    Callers<T> a = start(1, i -> first);
    awaitFirstArrived.run();
    Callers<T> b = start(1, i -> second).awaitParked();
    release.run();
    List<T> values = new ArrayList<>(a.values());
    values.addAll(b.values());
    return values;
  }

  /** Waits, at most 10 s, until every caller waits for its call or has its outcome. */
  Callers<T> awaitParked() {
    Parking.awaitParked(threads);
    return this;
  }

  /** Returns every caller's value, in order, waiting at most 20 s for each. */
  List<T> values() throws Exception {
    List<T> values = new ArrayList<>();
    for (CompletableFuture<T> outcome : outcomes) {
      values.add(outcome.get(20, TimeUnit.SECONDS));
    }
    return values;
  }

  /** Returns every caller's failure, in order, waiting at most 20 s for each. */
  List<Throwable> failures() throws Exception {
    List<Throwable> failures = new ArrayList<>();
    for (CompletableFuture<T> outcome : outcomes) {
      try {
        T value = outcome.get(20, TimeUnit.SECONDS);
        throw new AssertionError("a caller got " + value + " instead of a failure");
      } catch (ExecutionException e) {
        failures.add(e.getCause());
      }
    }
    return failures;
  }
}
