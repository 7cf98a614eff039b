package io.github.collapseexecutor.core;

import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The batch slots the current thread holds while it runs user code: a batch's {@code doExecute},
 * or its {@code bindingOutput} while the slot is still held. User code that calls {@code execute}
 * of the same executor from there and then waits would wait for a slot that only its own thread
 * can give back; this is where the engine learns that, without any shared state.
 *
 * <p>Frames nest as user code nests, innermost last. The arrays grow on demand and are reused, so
 * a batch costs a thread-local lookup and a few stores, no allocation. Executors are told apart by
 * number and the batch of a hand-out is the only reference stored: the arrays live long, and a
 * reference stored into a long-lived object costs the garbage collector's write barrier.
 */
final class HeldSlots {

  private static final ThreadLocal<HeldSlots> CURRENT = ThreadLocal.withInitial(HeldSlots::new);

  /** A frame of a batch in {@code doExecute}: its slot stays held until the call returns. */
  private static final byte RUNNING = 1;

  /** A frame of a batch handing out before it gives its slot back; may give it back early. */
  private static final byte HANDING_OUT = 2;

  /** A hand-out frame whose slot was given back early. */
  private static final byte RELEASED = 3;

  private int[] engines = new int[2];
  private byte[] kinds = new byte[2];

  /** The batch of each hand-out frame; null for the other frames. */
  private Batch<?, ?>[] handOuts = new Batch<?, ?>[2];

  private int depth;

  private HeldSlots() {}

  static HeldSlots current() {
    return CURRENT.get();
  }

  /**
   * Called on a caller's thread before it blocks for {@code call}, which is not settled yet. Gives
   * back the slots this thread holds only to hand out outputs of the call's executor and runs the
   * batch starts this thread deferred, so that the call can start. A call that still waits for a
   * slot while this thread holds every slot, running {@code doExecute}, would wait for itself: it
   * leaves its queue instead.
   *
   * @return the error to fail the call with, having left, or null if the call may be waited for
   */
  static <I, O> @Nullable IllegalStateException beforeWaiting(
      BatchEngine<I, O> engine, Call<I, O> call) {
    HeldSlots held = current();
    held.releaseHandOuts(engine);
    Trampoline.runDeferred();
    int slots = engine.slots().ceiling();
    if (call.state() != Call.QUEUED || held.running(engine.id) < slots) {
      return null;
    }
    String name = engine.name();
    IllegalStateException refused =
        new IllegalStateException(
            name
                + ": execute("
                + Names.describe(call.value())
                + ") was called from doExecute of "
                + name
                + " on a thread that holds all "
                + slots
                + " of its batch slots;"
                + " waiting for it would wait forever");
    engine.leave(call, refused);
    return refused;
  }

  /** Marks that this thread runs {@code doExecute} of a batch of {@code engine}; see {@link #pop}. */
  int pushRunning(BatchEngine<?, ?> engine) {
    return push(engine, RUNNING);
  }

  /**
   * Marks that this thread hands out the outputs of {@code batch} before giving its slot back to
   * {@code dispatcher}, which {@link #releaseHandOuts} may do early.
   */
  <I, O> int pushHandingOut(
      BatchEngine<I, O> engine, Batch<I, O> batch, BatchDispatcher<I, O> dispatcher) {
    int frame = push(engine, HANDING_OUT);
    batch.releaseTo(dispatcher);
    handOuts[frame] = batch;
    return frame;
  }

  /**
   * Removes the frame {@code frame} and the ones above it.
   *
   * @return false if the frame was a hand-out whose slot was given back early
   */
  boolean pop(int frame) {
    boolean held = kinds[frame] != RELEASED;
    for (int i = depth - 1; i >= frame; i--) {
      if (kinds[i] != RUNNING) {
        handOuts[i] = null;
      }
    }
    depth = frame;
    return held;
  }

  /**
   * Returns how many slots of the engine numbered {@code engineId} this thread holds while it runs
   * {@code doExecute}.
   */
  int running(int engineId) {
    int count = 0;
    for (int i = 0; i < depth; i++) {
      if (engines[i] == engineId && kinds[i] == RUNNING) {
        count++;
      }
    }
    return count;
  }

  /**
   * Gives back the slots of {@code engine} that this thread holds only to hand outputs out, so that
   * a call this thread is about to wait for can start.
   */
  @SuppressWarnings("unchecked")
  <I, O> void releaseHandOuts(BatchEngine<I, O> engine) {
    for (int i = 0; i < depth; i++) {
      if (engines[i] == engine.id && kinds[i] == HANDING_OUT) {
        kinds[i] = RELEASED;
        // marked first: finish may start batches whose user code comes back here
        Batch<I, O> batch = (Batch<I, O>) handOuts[i];
        engine.finish(batch, Objects.requireNonNull(batch.releaseTo(), "releaseTo"));
      }
    }
  }

  private int push(BatchEngine<?, ?> engine, byte kind) {
    if (depth == kinds.length) {
      int size = depth * 2;
      engines = Arrays.copyOf(engines, size);
      kinds = Arrays.copyOf(kinds, size);
      handOuts = Arrays.copyOf(handOuts, size);
    }
    engines[depth] = engine.id;
    kinds[depth] = kind;
    return depth++;
  }
}
