package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What the stress tests share: engines, calls whose caller is parked nowhere, a dispatcher that
 * only records the batches it is offered, and the blocking caller's own hand-off steps.
 *
 * <p>The blocking caller's leaving is private; the tests reach it through a method handle so that
 * they exercise the code the blocking flavour runs, not a copy of it. A rename there fails every
 * test that uses it when the class loads, rather than letting it test stale logic.
 */
final class StressSupport {

  static final String OUTPUT = "out";

  /** Stands in for a caller's thread: unparking a thread that never started does nothing. */
  private static final Thread NOBODY = new Thread(() -> {}, "stress-caller");

  private static final MethodHandle LEAVE;

  static {
    try {
      MethodHandles.Lookup lookup =
          MethodHandles.privateLookupIn(BlockingCaller.class, MethodHandles.lookup());
      LEAVE =
          lookup.findVirtual(
              BlockingCaller.class,
              "leave",
              MethodType.methodType(boolean.class, Call.class, Throwable.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private StressSupport() {}

  /**
   * An engine that starts a batch at once when one of its slots is free, never collecting; its
   * slots are fixed, so that each test knows how many there are.
   */
  static BatchEngine<String, String> engine(int maxConcurrentBatches) {
    return new BatchEngine<>(
        "stress",
        CollapseExecutorOptions.builder()
            .maxConcurrentBatches(maxConcurrentBatches)
            .adaptiveConcurrency(false)
            .build());
  }

  /** An engine with one slot whose batches collect inputs for an hour or until ten are in. */
  static BatchEngine<String, String> collectingEngine() {
    return new BatchEngine<>(
        "stress",
        CollapseExecutorOptions.builder()
            .maxConcurrentBatches(1)
            .waitThreshold(1)
            .maxBatchSize(10)
            .collectingWaitTime(Duration.ofHours(1))
            .build());
  }

  /** Returns how many of the engine's slots are taken, read as the lock-free paths read it. */
  static int slotsInUse(BatchEngine<?, ?> engine) {
    return engine.slots().inUse();
  }

  /** A call of a blocking caller; the caller's thread is never really woken. */
  static Call<String, String> blockingCall(String input) {
    return new Call<>(input, null, System.nanoTime(), NOBODY, null, "stress", null);
  }

  /** The blocking flavour's dispatcher: asks the first waiting caller of the batch to lead it. */
  static BatchDispatcher<String, String> handLead() {
    return Batch::askOneToLead;
  }

  /**
   * Makes a blocking caller stop waiting for its call, as a time-out or an interrupt does.
   *
   * @return true if the caller gives up (it throws), false if the output is there to be taken
   */
  static boolean leave(
      BlockingCaller<String, String> caller, Call<String, String> call, Throwable reason) {
    try {
      return (boolean) LEAVE.invoke(caller, call, reason);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /** A blocking caller over an engine; its batches are never run. */
  static BlockingCaller<String, String> blockingCaller(BatchEngine<String, String> engine) {
    return new BlockingCaller<>(
        BatchRunner.onCallers(
            engine,
            handLead(),
            inputs -> {
              throw new AssertionError("no batch runs in these tests");
            },
            (output, calls) -> {
              throw new AssertionError("no batch runs in these tests");
            }));
  }

  /** A dispatcher that records every batch it is offered and claims that someone runs it. */
  static final class RecordingSink implements BatchDispatcher<String, String> {

    final ConcurrentLinkedQueue<Batch<String, String>> offered = new ConcurrentLinkedQueue<>();

    @Override
    public boolean offer(Batch<String, String> batch) {
      offered.add(batch);
      return true;
    }

    /** Returns the last batch offered. */
    Batch<String, String> last() {
      Batch<String, String> last = null;
      for (Batch<String, String> batch : offered) {
        last = batch;
      }
      if (last == null) {
        throw new AssertionError("no batch was started");
      }
      return last;
    }

    /** Whether a batch offered after the first {@code skip} ones holds the call. */
    boolean offeredAfter(int skip, Call<String, String> call) {
      int seen = 0;
      for (Batch<String, String> batch : offered) {
        if (seen++ >= skip && batch.contains(call)) {
          return true;
        }
      }
      return false;
    }
  }
}
