package io.github.collapseexecutor.http;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What an adapter remembers about a key between requests, in two tables bounded in time and in
 * size: the keys whose response could not be shared (hit-for-pass), and the request headers a
 * key's responses named in {@code Vary}. When a table is full, expired keys are dropped first,
 * then any one. A time of zero turns a table off. Immutable; each {@code with...} method returns a
 * changed copy.
 *
 * <pre>{@code
 * HttpCollapseOptions options = HttpCollapseOptions.builder()
 *     .keyMemory(KeyMemory.defaults().withHitForPassTtl(Duration.ofSeconds(30)))
 *     .build();
 * }</pre>
 *
 * <p>Built from {@link #defaults()}; equal when every setting is.
 */
public final class KeyMemory {

  private static final KeyMemory DEFAULTS =
      new KeyMemory(
          HttpCollapseOptions.DEFAULT_HIT_FOR_PASS_TTL,
          HttpCollapseOptions.DEFAULT_HIT_FOR_PASS_MAX_KEYS,
          HttpCollapseOptions.DEFAULT_VARY_TTL,
          HttpCollapseOptions.DEFAULT_VARY_MAX_KEYS);

  private final Duration hitForPassTtl;
  private final int hitForPassMaxKeys;
  private final Duration varyTtl;
  private final int varyMaxKeys;

  /**
   * Checks the settings.
   *
   * @throws IllegalArgumentException if a time or a number of keys is negative
   */
  private KeyMemory(
      Duration hitForPassTtl, int hitForPassMaxKeys, Duration varyTtl, int varyMaxKeys) {
    Checks.notNegative("hitForPassTtl", hitForPassTtl);
    Checks.notNegative("hitForPassMaxKeys", hitForPassMaxKeys);
    Checks.notNegative("varyTtl", varyTtl);
    Checks.notNegative("varyMaxKeys", varyMaxKeys);
    this.hitForPassTtl = hitForPassTtl;
    this.hitForPassMaxKeys = hitForPassMaxKeys;
    this.varyTtl = varyTtl;
    this.varyMaxKeys = varyMaxKeys;
  }

  /** Returns the defaults: both tables on, for 120 s and at most 10,000 keys each. */
  public static KeyMemory defaults() {
    return DEFAULTS;
  }

  /**
   * Returns how long requests with a key go straight to the backend, without waiting for an
   * identical request, after a response for that key could not be shared ({@code Set-Cookie},
   * {@code private} without a credential, {@code Vary: *}, a body over
   * {@link HttpCollapseOptions#maxBodyBytes()}, ...): they would wait for a response they cannot
   * get and then make their own call anyway. Counted as {@link HttpCollapseStats#passedThrough()}
   * and {@link UnsharedReason#HIT_FOR_PASS}. Default
   * {@link HttpCollapseOptions#DEFAULT_HIT_FOR_PASS_TTL}.
   */
  public Duration hitForPassTtl() {
    return hitForPassTtl;
  }

  /**
   * Returns the largest number of keys marked for hit-for-pass at once. Default
   * {@value HttpCollapseOptions#DEFAULT_HIT_FOR_PASS_MAX_KEYS}.
   */
  public int hitForPassMaxKeys() {
    return hitForPassMaxKeys;
  }

  /**
   * Returns how long the request headers a response names in {@code Vary} are remembered for its
   * key, when the key does not hold them already: requests with that key then collapse only with
   * requests that sent the same values of those headers, from the start, instead of waiting for
   * a response made for other values (RFC 9111 section 4.1). Counted as
   * {@link HttpCollapseStats#varyKeyed()}. With zero, requests still get only a representation
   * made for their own values, and waiters whose values differ from the first request's still
   * make one call per set of values. Default {@link HttpCollapseOptions#DEFAULT_VARY_TTL}.
   */
  public Duration varyTtl() {
    return varyTtl;
  }

  /**
   * Returns the largest number of keys whose {@code Vary} names are remembered at once. Default
   * {@value HttpCollapseOptions#DEFAULT_VARY_MAX_KEYS}.
   */
  public int varyMaxKeys() {
    return varyMaxKeys;
  }

  /**
   * Returns a copy with {@code hitForPassTtl}; zero turns hit-for-pass off.
   *
   * @throws IllegalArgumentException if {@code hitForPassTtl} is negative
   */
  public KeyMemory withHitForPassTtl(Duration hitForPassTtl) {
    return new KeyMemory(hitForPassTtl, hitForPassMaxKeys, varyTtl, varyMaxKeys);
  }

  /**
   * Returns a copy with {@code hitForPassMaxKeys}.
   *
   * @throws IllegalArgumentException if {@code hitForPassMaxKeys} is negative
   */
  public KeyMemory withHitForPassMaxKeys(int hitForPassMaxKeys) {
    return new KeyMemory(hitForPassTtl, hitForPassMaxKeys, varyTtl, varyMaxKeys);
  }

  /**
   * Returns a copy with {@code varyTtl}; zero turns the memory of {@code Vary} names off.
   *
   * @throws IllegalArgumentException if {@code varyTtl} is negative
   */
  public KeyMemory withVaryTtl(Duration varyTtl) {
    return new KeyMemory(hitForPassTtl, hitForPassMaxKeys, varyTtl, varyMaxKeys);
  }

  /**
   * Returns a copy with {@code varyMaxKeys}.
   *
   * @throws IllegalArgumentException if {@code varyMaxKeys} is negative
   */
  public KeyMemory withVaryMaxKeys(int varyMaxKeys) {
    return new KeyMemory(hitForPassTtl, hitForPassMaxKeys, varyTtl, varyMaxKeys);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof KeyMemory that
        && hitForPassTtl.equals(that.hitForPassTtl)
        && hitForPassMaxKeys == that.hitForPassMaxKeys
        && varyTtl.equals(that.varyTtl)
        && varyMaxKeys == that.varyMaxKeys;
  }

  @Override
  public int hashCode() {
    return Objects.hash(hitForPassTtl, hitForPassMaxKeys, varyTtl, varyMaxKeys);
  }

  @Override
  public String toString() {
    return "KeyMemory[hitForPassTtl="
        + hitForPassTtl
        + ", hitForPassMaxKeys="
        + hitForPassMaxKeys
        + ", varyTtl="
        + varyTtl
        + ", varyMaxKeys="
        + varyMaxKeys
        + "]";
  }
}
