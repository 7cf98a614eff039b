package io.github.collapseexecutor.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.LongSupplier;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * What the fleet's secret protects: the digest that names a key in Redis, and the sealing of a
 * result. Three keys are derived from the secret, one per use, so that none reveals another.
 *
 * <p>A sealed value is a version byte, then the time it was sealed and the plain bytes, either
 * encrypted with AES-GCM after a random 12-byte nonce (version 2) or as they are, followed by
 * their HMAC-SHA256 tag (version 3, where encryption is off); either way authenticated with the
 * key's digest and the token of the call that made it. A value copied to the place of another
 * key or of another call does not open, and one sealed longer ago than results live (plus
 * {@link #CLOCK_ALLOWANCE_MILLIS}) is refused: someone who can write to Redis but has no secret
 * cannot hand a call a result of their own or an earlier call's.
 */
final class FleetSecret {

  /** How far the clocks of two instances may disagree before a fresh result looks stale. */
  static final long CLOCK_ALLOWANCE_MILLIS = 5_000;

  private static final String HMAC = "HmacSHA256";
  private static final byte SEALED = 2;
  private static final byte SIGNED = 3;
  private static final int MAC_BYTES = 32;
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;

  private final SecretKeySpec digestKey;
  private final SecretKeySpec valueKey;
  private final SecretKeySpec macKey;
  private final boolean encrypt;
  private final LongSupplier clock;
  private final SecureRandom random = new SecureRandom();

  FleetSecret(byte[] secret, boolean encrypt) {
    this(secret, encrypt, System::currentTimeMillis);
  }

  /** As the other constructor, with the wall clock {@code clock} (milliseconds since the epoch). */
  FleetSecret(byte[] secret, boolean encrypt, LongSupplier clock) {
    SecretKeySpec master = new SecretKeySpec(secret, HMAC);
    this.digestKey = new SecretKeySpec(hmac(master, "collapse-executor fleet key digest"), HMAC);
    this.valueKey = new SecretKeySpec(hmac(master, "collapse-executor fleet value key"), "AES");
    this.macKey = new SecretKeySpec(hmac(master, "collapse-executor fleet value tag"), HMAC);
    this.encrypt = encrypt;
    this.clock = clock;
  }

  /** Returns the digest that names {@code key} in Redis: 43 URL-safe base64 characters. */
  String digest(FleetKey key) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(hmac(digestKey, key.bytes()));
  }

  /** Returns a new random token: 22 URL-safe base64 characters. */
  String token() {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * Returns {@code plain} as the call of lease {@code token} stores it under {@code digest}:
   * encrypted, if so configured, and authenticated either way.
   */
  byte[] seal(byte[] plain, String digest, String token) {
    byte[] stamped =
        ByteBuffer.allocate(Long.BYTES + plain.length)
            .putLong(clock.getAsLong())
            .put(plain)
            .array();
    if (!encrypt) {
      byte[] tag = tag(stamped, digest, token);
      return ByteBuffer.allocate(1 + stamped.length + tag.length)
          .put(SIGNED)
          .put(stamped)
          .put(tag)
          .array();
    }
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, valueKey, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(boundTo(digest, token));
      byte[] sealed = cipher.doFinal(stamped);
      return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length)
          .put(SEALED)
          .put(nonce)
          .put(sealed)
          .array();
    } catch (GeneralSecurityException e) {
      // AES-GCM is in every Java SE runtime
      throw new IllegalStateException("AES-GCM is not available", e);
    }
  }

  /**
   * Returns the plain bytes of a value that the call of lease {@code token} stored under
   * {@code digest}.
   *
   * @param maxAgeMillis how long results live in Redis: a value sealed longer ago is refused
   * @throws GeneralSecurityException if the value was not sealed with this secret for this
   *     digest and call, was sealed too long ago, or is not encrypted where values are
   */
  byte[] open(byte[] value, String digest, String token, long maxAgeMillis)
      throws GeneralSecurityException {
    byte[] stamped;
    if (value.length >= 1 + Long.BYTES + MAC_BYTES && value[0] == SIGNED && !encrypt) {
      stamped = Arrays.copyOfRange(value, 1, value.length - MAC_BYTES);
      byte[] tag = Arrays.copyOfRange(value, value.length - MAC_BYTES, value.length);
      if (!MessageDigest.isEqual(tag, tag(stamped, digest, token))) {
        throw new GeneralSecurityException("not signed with this secret for this call");
      }
    } else if (value.length >= 1 + NONCE_BYTES && value[0] == SEALED) {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.DECRYPT_MODE, valueKey, new GCMParameterSpec(TAG_BITS, value, 1, NONCE_BYTES));
      cipher.updateAAD(boundTo(digest, token));
      stamped = cipher.doFinal(value, 1 + NONCE_BYTES, value.length - 1 - NONCE_BYTES);
    } else {
      // not encrypted where this instance encrypts, or of no version it knows: written by an
      // instance set up otherwise, or by someone with write access to Redis
      throw new GeneralSecurityException("not a sealed value");
    }
    ByteBuffer opened = ByteBuffer.wrap(stamped);
    long age = clock.getAsLong() - opened.getLong();
    if (age > maxAgeMillis + CLOCK_ALLOWANCE_MILLIS || age < -CLOCK_ALLOWANCE_MILLIS) {
      // authentic, but not the result of the call under way: kept and written back by someone
      throw new GeneralSecurityException("sealed " + age + " ms ago");
    }
    byte[] plain = new byte[opened.remaining()];
    opened.get(plain);
    return plain;
  }

  /** Returns the authentication tag of a value stored unencrypted. */
  private byte[] tag(byte[] stamped, String digest, String token) {
    return hmac(macKey, boundTo(digest, token), new byte[] {0}, stamped);
  }

  /** What a sealed value is authenticated with besides its cipher text. */
  private static byte[] boundTo(String digest, String token) {
    return (digest + "/" + token).getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] hmac(SecretKeySpec key, String label) {
    return hmac(key, label.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] hmac(SecretKeySpec key, byte[]... parts) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(key);
      for (byte[] part : parts) {
        mac.update(part);
      }
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      // HmacSHA256 is in every Java SE runtime
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }
}
