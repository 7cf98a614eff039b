package io.github.collapseexecutor.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * A batch backend that records every batch it gets, can hold batches at a gate, and maps each
 * input {@code n} to {@code "v" + n}.
 */
final class TestBackend {

  /** Something the test makes the backend do for a batch. */
  @FunctionalInterface
  interface Behaviour {
    Map<Integer, String> load(List<Integer> inputs) throws Exception;
  }

  final List<List<Integer>> batches = Collections.synchronizedList(new ArrayList<>());
  final AtomicInteger running = new AtomicInteger();
  final AtomicInteger maxRunning = new AtomicInteger();
  private volatile CountDownLatch gate = new CountDownLatch(0);
  private final CountDownLatch firstBatchStarted = new CountDownLatch(1);
  private volatile Behaviour behaviour = TestBackend::lookup;
  private volatile BiConsumer<Map<Integer, String>, List<Bundle<Integer, String>>> binder =
      Flavour.BIND_FROM_MAP;

  static Map<Integer, String> lookup(List<Integer> inputs) {
    Map<Integer, String> out = new LinkedHashMap<>();
    inputs.forEach(i -> out.put(i, "v" + i));
    return out;
  }

  /** Holds every batch at the gate until {@link #open()}. */
  TestBackend closeGate() {
    gate = new CountDownLatch(1);
    return this;
  }

  void open() {
    gate.countDown();
  }

  TestBackend behaviour(Behaviour behaviour) {
    this.behaviour = behaviour;
    return this;
  }

  TestBackend binder(BiConsumer<Map<Integer, String>, List<Bundle<Integer, String>>> binder) {
    this.binder = binder;
    return this;
  }

  Map<Integer, String> load(List<Integer> inputs) throws Exception {
    batches.add(List.copyOf(inputs));
    int now = running.incrementAndGet();
    maxRunning.accumulateAndGet(now, Math::max);
    firstBatchStarted.countDown();
    try {
      if (!gate.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("the test never opened the gate");
      }
      return behaviour.load(inputs);
    } finally {
      running.decrementAndGet();
    }
  }

  void bind(Map<Integer, String> output, List<Bundle<Integer, String>> bundles) {
    binder.accept(output, bundles);
  }

  void awaitFirstBatch() throws InterruptedException {
    if (!firstBatchStarted.await(10, TimeUnit.SECONDS)) {
      throw new AssertionError("no batch started");
    }
  }

  List<List<Integer>> batches() {
    synchronized (batches) {
      return List.copyOf(batches);
    }
  }
}
