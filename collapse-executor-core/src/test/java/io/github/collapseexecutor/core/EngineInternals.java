package io.github.collapseexecutor.core;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads engine state that no caller can see, for tests that assert on it: the inputs pending, the
 * same-key run in progress and the callers it still lists, an executor's batch limit. The engine
 * keeps this state private and offers no accessor for it; the fields are read here by name, so a
 * test fails at once, not silently, if the engine changes shape.
 */
final class EngineInternals {

  private EngineInternals() {}

  /** Returns how many inputs of {@code executor} wait for a batch, read under the engine's lock. */
  static int pendingInputs(BatchExecutorBase<?, ?> executor) {
    ReentrantLock lock = read(executor.engine, BatchEngine.class, "lock");
    lock.lock();
    try {
      return executor.engine.queue().pending();
    } finally {
      lock.unlock();
    }
  }

  /** Returns how many callers the list of {@code flight} holds, waiting or not. */
  static int listedCallers(Flight flight) {
    FlightWaiter settled = read(null, FlightCallers.class, "SETTLED");
    int listed = 0;
    for (FlightWaiter w = read(flight, FlightCallers.class, "callers");
        w != null && w != settled;
        w = w.next) {
      listed++;
    }
    return listed;
  }

  /** Returns the flight in progress for {@code group} in {@code flights}, or {@code null}. */
  static Flight inFlight(FlightMap flights, Object group) {
    Map<Object, Flight> byGroup = read(flights, FlightMap.class, "flights");
    return byGroup.get(group);
  }

  /** Returns what says how many batches of {@code executor} may be in flight. */
  static BatchLimit limitOf(BatchExecutorBase<?, ?> executor) {
    return read(executor.engine.slots(), BatchSlots.class, "limit");
  }

  /**
   * Takes the samples an adaptive limit has not judged yet, each as {@code {level, nanos}}, oldest
   * first.
   */
  static List<long[]> drainSamples(BatchLimit limit) {
    LatencySamples samples = read(limit, limit.getClass(), "samples");
    List<long[]> drained = new ArrayList<>();
    samples.drain((level, nanos) -> drained.add(new long[] {level, nanos}));
    return drained;
  }

  /**
   * Returns how many backend calls an adaptive limit counts in flight: one less than the level a
   * call that began now would have. The probe call leaves at once, as a failed call does, which
   * teaches the limit nothing.
   */
  static int inBackend(BatchLimit limit) {
    int level = limit.backendCallStarted();
    limit.backendCallFailed(level);
    return level - 1;
  }

  @SuppressWarnings("unchecked")
  private static <T> T read(Object owner, Class<?> type, String name) {
    try {
      Field field = type.getDeclaredField(name);
      field.setAccessible(true);
      return (T) field.get(owner);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + type.getSimpleName() + "." + name, e);
    }
  }
}
