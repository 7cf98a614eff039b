package io.github.collapseexecutor.core;

import java.lang.reflect.Field;

/**
 * Reads a batch executor's adaptive limit and its batches in flight, for charts of the limit over
 * time. It sits in the engine's package so that it can call the engine's package-private
 * methods: the limit is the engine's business, and a public accessor would make it API. It finds
 * the engine in the executor's {@code engine} field and the limit in the slots' {@code limit}
 * field, so it fails at once, not silently, if the executors change shape.
 */
public final class LimitProbe {

  private final BatchSlots slots;
  private final BatchLimit limit;

  private LimitProbe(BatchSlots slots) {
    this.slots = slots;
    this.limit = limitOf(slots);
  }

  private static BatchLimit limitOf(BatchSlots slots) {
    try {
      Field field = BatchSlots.class.getDeclaredField("limit");
      field.setAccessible(true);
      return (BatchLimit) field.get(slots);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read the limit of the batch slots", e);
    }
  }

  /** Returns a probe of the engine of {@code executor}, a batch executor of the core module. */
  public static LimitProbe of(Object executor) {
    for (Class<?> type = executor.getClass(); type != null; type = type.getSuperclass()) {
      Field field;
      try {
        field = type.getDeclaredField("engine");
      } catch (NoSuchFieldException e) {
        continue; // not declared here: try the superclass
      }
      if (field.getType() != BatchEngine.class) {
        throw new IllegalStateException(
            "the engine field of "
                + type.getName()
                + " is a "
                + field.getType().getName()
                + ", not a BatchEngine");
      }
      try {
        field.setAccessible(true);
        return new LimitProbe(((BatchEngine<?, ?>) field.get(executor)).slots());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot read the engine of " + executor, e);
      }
    }
    throw new IllegalArgumentException("no batch engine in " + executor);
  }

  /** Returns how many batches the executor allows in flight now. */
  public int limit() {
    return limit.current();
  }

  /** Returns how many batches the executor has in flight now. */
  public int inFlight() {
    return slots.inUse();
  }
}
