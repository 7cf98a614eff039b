package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.fleet.FleetCodec;
import org.jspecify.annotations.Nullable;

/**
 * A method's results as the bytes that cross the fleet tier, through its codec: what the codec
 * cannot write stays on its instance, and what it cannot read is as if nothing came.
 */
final class FleetValues {

  private final FleetCodec<Object> codec;

  FleetValues(FleetCodec<Object> codec) {
    this.codec = codec;
  }

  /** Returns the bytes of {@code result} for the other instances, or {@code null} to share none. */
  byte @Nullable [] write(@Nullable Object result) {
    if (result == null) {
      // a method may return null, a Mono be empty: nothing to share, the others make their calls
      return null;
    }
    try {
      return codec.encode(result);
    } catch (RuntimeException e) {
      // a result the codec cannot write stays here; the call itself succeeded
      return null;
    }
  }

  /** Returns what another instance's call returned, or {@code null} if it cannot be read. */
  @Nullable Object read(byte[] bytes) {
    try {
      return codec.decode(bytes);
    } catch (RuntimeException e) {
      // written by another version of the application, say: this instance makes its own call
      return null;
    }
  }
}
