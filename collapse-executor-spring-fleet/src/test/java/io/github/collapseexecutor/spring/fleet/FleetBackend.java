package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.testing.OwnThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service the {@link FleetInstance}s of a test all call: it answers with what it was asked,
 * the caller's {@link FleetInstance#TENANT} and its call count, and holds its first calls until
 * the test {@link #release releases} them, or the next call, {@link #holdNext once asked}. Every
 * wait is bounded by 30 s.
 */
public final class FleetBackend {

  private final AtomicInteger calls = new AtomicInteger();
  private final Semaphore entered = new Semaphore(0);
  private volatile CountDownLatch release = new CountDownLatch(1);
  private final List<CompletableFuture<Quote>> answers = new CopyOnWriteArrayList<>();
  private final List<String> askedOn = new CopyOnWriteArrayList<>();

  /** The number of the call that fails, or 0 for none. */
  private volatile int failing;

  /** The number of the last call that waits until {@link #release}. */
  private volatile int held;

  /** @param held how many of the first calls wait until {@link #release} */
  public FleetBackend(int held) {
    this.held = held;
  }

  /** Holds the next call, and no later one, until {@link #release} again. */
  public void holdNext() {
    release = new CountDownLatch(1);
    held = calls.get() + 1;
  }

  /** Returns the quote of {@code symbol}, once released if this call is held. */
  public Quote quote(String symbol) {
    CountDownLatch released = release;
    int call = calls.incrementAndGet();
    entered.release();
    if (call <= held) {
      awaitUninterruptibly(released);
    }
    if (call == failing) {
      throw new IllegalStateException("backend call " + call + " failed");
    }
    return new Quote(symbol, FleetInstance.TENANT.get(), call);
  }

  /**
   * {@link #quote}, as a service that answers on a thread of its own: the caller gets its
   * future at once.
   */
  public CompletableFuture<Quote> quoteLater(String symbol) {
    askedOn.add(Thread.currentThread().getName());
    CompletableFuture<Quote> answer = OwnThreads.call(() -> quote(symbol), new ArrayList<>());
    answers.add(answer);
    return answer;
  }

  /** Releases the held calls, and lets every later call through until {@link #holdNext}. */
  public void release() {
    release.countDown();
  }

  /** Makes call number {@code call} (from 1) fail. */
  public void failOn(int call) {
    failing = call;
  }

  /** Returns the number of calls so far. */
  public AtomicInteger calls() {
    return calls;
  }

  /** Returns the futures {@link #quoteLater} handed out, in order. */
  public List<CompletableFuture<Quote>> answers() {
    return answers;
  }

  /** Returns the names of the threads that called {@link #quoteLater}, in order. */
  public List<String> askedOn() {
    return askedOn;
  }

  /** Waits until {@code count} calls entered, at most 30 s. */
  public void awaitEntered(int count) throws InterruptedException {
    if (!entered.tryAcquire(count, 30, TimeUnit.SECONDS)) {
      throw new IllegalStateException(
          "waited 30 s for " + count + " calls; " + calls.get() + " came");
    }
    entered.release(count);
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the backend was held 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
