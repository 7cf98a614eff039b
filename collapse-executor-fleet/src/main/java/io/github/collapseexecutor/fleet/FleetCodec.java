package io.github.collapseexecutor.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Writes a result to the bytes that other instances read back, and reads them. A result the codec
 * cannot write is not shared: {@link #encode} returns {@code null}, and the instances that waited
 * for it make their own calls.
 *
 * <pre>{@code
 * FleetCodec<Quote> codec = FleetCodec.of(
 *     quote -> json.writeValueAsBytes(quote),
 *     bytes -> json.readValue(bytes, Quote.class));
 * }</pre>
 *
 * <p>{@code decode(encode(result))} must be a result that the caller cannot tell from
 * {@code result}: a joining instance hands it to its callers in place of their own call's.
 *
 * @param <T> the result
 */
@Incubating
public interface FleetCodec<T> {

  /**
   * Returns the bytes of {@code result}, or {@code null} if it must not or cannot be shared. An
   * exception counts as {@code null}.
   */
  byte @Nullable [] encode(T result);

  /** Returns the result that {@link #encode} wrote to {@code bytes}. */
  T decode(byte[] bytes);

  /** Returns the codec of strings, as UTF-8. */
  static FleetCodec<String> utf8() {
    return of(
        text -> text.getBytes(StandardCharsets.UTF_8),
        bytes -> new String(bytes, StandardCharsets.UTF_8));
  }

  /** Returns a codec of its two halves. */
  static <T> FleetCodec<T> of(Encoder<T> encoder, Decoder<T> decoder) {
    return new FleetCodec<>() {
      @Override
      public byte @Nullable [] encode(T result) {
        return encoder.encode(result);
      }

      @Override
      public T decode(byte[] bytes) {
        return decoder.decode(bytes);
      }
    };
  }

  /** {@link FleetCodec#encode}, as a lambda. */
  @FunctionalInterface
  interface Encoder<T> {
    /** See {@link FleetCodec#encode}. */
    byte @Nullable [] encode(T result);
  }

  /** {@link FleetCodec#decode}, as a lambda. */
  @FunctionalInterface
  interface Decoder<T> {
    /** See {@link FleetCodec#decode}. */
    T decode(byte[] bytes);
  }
}
