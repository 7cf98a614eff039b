package io.github.collapseexecutor.testing.http;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The handlers' side of {@link ServerAcrossInstancesCases}: counts the requests that reach a
 * handler, lets the case wait for each to arrive, and holds every answer until the case releases
 * them, so that a case decides what is in flight when; a case of rounds holds them again for each.
 * The handler of the instance named to fail fails once released instead of answering.
 */
final class HeldAnswers {

  private final AtomicInteger calls = new AtomicInteger();
  private final Semaphore entered = new Semaphore(0);

  /** Completes to let every handler answer; replaced by {@link #hold}. */
  private volatile CompletableFuture<Void> release = new CompletableFuture<>();

  /** How long a handler works once released: none unless a case says. */
  private volatile long workNanos;

  /** The instance whose handler fails once released, if any. */
  private volatile @Nullable String failing;

  /** Answers on the calling thread, once released: see {@link #answerLater}. */
  String answer(String name) throws IOException {
    try {
      return answerLater(name).get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException("not released", e);
    }
  }

  /**
   * Counts a request of the instance named {@code name} and returns the stage of its body, which
   * completes once released and names the call's number and the instance.
   */
  CompletableFuture<String> answerLater(String name) {
    int call = calls.incrementAndGet();
    entered.release();
    CompletableFuture<Void> answering = release.copy();
    long work = workNanos;
    if (work > 0) {
      answering =
          answering.thenRunAsync(
              () -> {}, CompletableFuture.delayedExecutor(work, TimeUnit.NANOSECONDS));
    }
    return answering.thenApply(
        released -> {
          if (name.equals(failing)) {
            throw new IllegalStateException("the handler of " + name + " fails");
          }
          return "quote " + call + " from " + name;
        });
  }

  /** Returns whether one more request reached a handler within 30 s. */
  boolean awaitEntered() throws InterruptedException {
    return entered.tryAcquire(30, TimeUnit.SECONDS);
  }

  /** Returns whether a request reached a handler that no wait took yet, without waiting. */
  boolean enteredNow() {
    return entered.tryAcquire();
  }

  /**
   * Holds the answers of the requests still to come, until {@link #release} again; only they
   * count as entered from now on.
   */
  void hold() {
    release = new CompletableFuture<>();
    entered.drainPermits();
  }

  /** Lets every handler, held or still to come until the next {@link #hold}, answer. */
  void release() {
    release.complete(null);
  }

  /** Makes every handler work {@code nanos} once released before it answers, without a thread. */
  void work(long nanos) {
    workNanos = nanos;
  }

  /** Makes the handler of the instance named {@code name} fail once released. */
  void failIn(String name) {
    failing = name;
  }

  /** Returns how many requests reached a handler. */
  int calls() {
    return calls.get();
  }
}
