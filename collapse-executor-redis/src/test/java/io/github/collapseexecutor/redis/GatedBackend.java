package io.github.collapseexecutor.redis;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A backend for the tests: it counts its calls per key, holds each call until the test opens the
 * gate (at most 10 s), and answers with what it was asked for, so that a caller can tell its own
 * answer from another's.
 */
final class GatedBackend {

  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private final CountDownLatch gate = new CountDownLatch(1);
  private final CountDownLatch firstCall = new CountDownLatch(1);

  /** Makes a call for {@code question}: waits for the gate, then answers. */
  String call(String question) {
    calls.computeIfAbsent(question, q -> new AtomicInteger()).incrementAndGet();
    firstCall.countDown();
    try {
      if (!gate.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the gate stayed shut for 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return "answer to " + question;
  }

  /** Lets every call held and to come answer. */
  void open() {
    gate.countDown();
  }

  /** Waits, at most 10 s, until a call began. */
  void awaitFirstCall() throws InterruptedException {
    if (!firstCall.await(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException("no call in 10 s");
    }
  }

  /** Returns the calls made for {@code question}. */
  int calls(String question) {
    AtomicInteger count = calls.get(question);
    return count == null ? 0 : count.get();
  }

  /** Returns every call made. */
  int calls() {
    return calls.values().stream().mapToInt(AtomicInteger::get).sum();
  }
}
