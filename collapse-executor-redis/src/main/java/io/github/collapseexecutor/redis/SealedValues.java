package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetCodec;
import java.security.GeneralSecurityException;
import org.jspecify.annotations.Nullable;

/**
 * What a leader stores of its result, and what a waiting instance reads of it: the codec's bytes,
 * sealed with the fleet's secret for the call's key and lease, and no larger than {@link
 * FleetOptions#maxValueBytes()}. A value this fleet did not write for that call does not open.
 */
final class SealedValues {

  private final FleetSecret secret;
  private final int maxValueBytes;
  private final long resultTtlMillis;

  SealedValues(FleetSecret secret, FleetOptions options) {
    this.secret = secret;
    this.maxValueBytes = options.maxValueBytes();
    this.resultTtlMillis = options.resultTtl().toMillis();
  }

  /** Returns the value to store for {@code result}, or {@code null} if it is not shared. */
  <T> byte @Nullable [] seal(T result, FleetCodec<T> codec, String digest, String token) {
    byte[] plain;
    try {
      plain = codec.encode(result);
    } catch (RuntimeException e) {
      return null;
    }
    if (plain == null || plain.length > maxValueBytes) {
      return null;
    }
    byte[] value = secret.seal(plain, digest, token);
    return value.length > maxValueBytes ? null : value;
  }

  /** Returns the result {@code value} holds, or {@code null} if it is not this call's. */
  <T> @Nullable T open(byte[] value, FleetCodec<T> codec, String digest, String token) {
    try {
      return codec.decode(secret.open(value, digest, token, resultTtlMillis));
    } catch (GeneralSecurityException | RuntimeException e) {
      // written with another secret or setting, for another call, or by someone else: not the
      // result of this fleet's call under way
      return null;
    }
  }
}
