package io.github.collapseexecutor.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * What the fleet's secret protects: the digest that names a key in Redis, and the sealing of a
 * result. Two keys are derived from the secret, one per use, so that neither reveals the other.
 *
 * <p>A sealed value is a version byte, then either the plain bytes (version 0) or a random
 * 12-byte nonce and the AES-GCM cipher text (version 1), authenticated with the key's digest: a
 * value copied to another key's place does not open.
 */
final class FleetSecret {

  private static final String HMAC = "HmacSHA256";
  private static final byte PLAIN = 0;
  private static final byte SEALED = 1;
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;

  private final SecretKeySpec digestKey;
  private final SecretKeySpec valueKey;
  private final boolean encrypt;
  private final SecureRandom random = new SecureRandom();

  FleetSecret(byte[] secret, boolean encrypt) {
    SecretKeySpec master = new SecretKeySpec(secret, HMAC);
    this.digestKey = new SecretKeySpec(hmac(master, "collapse-executor fleet key digest"), HMAC);
    this.valueKey = new SecretKeySpec(hmac(master, "collapse-executor fleet value key"), "AES");
    this.encrypt = encrypt;
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

  /** Returns {@code plain} as stored under {@code digest}: encrypted, if so configured. */
  byte[] seal(byte[] plain, String digest) {
    if (!encrypt) {
      byte[] value = new byte[plain.length + 1];
      value[0] = PLAIN;
      System.arraycopy(plain, 0, value, 1, plain.length);
      return value;
    }
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, valueKey, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(digest.getBytes(StandardCharsets.US_ASCII));
      byte[] sealed = cipher.doFinal(plain);
      return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length)
          .put(SEALED).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      // AES-GCM is in every Java SE runtime
      throw new IllegalStateException("AES-GCM is not available", e);
    }
  }

  /**
   * Returns the plain bytes of a value stored under {@code digest}.
   *
   * @throws GeneralSecurityException if the value was not sealed with this secret for this
   *     digest, or is a plain value where values are encrypted
   */
  byte[] open(byte[] value, String digest) throws GeneralSecurityException {
    if (value.length > 0 && value[0] == PLAIN && !encrypt) {
      return Arrays.copyOfRange(value, 1, value.length);
    }
    if (value.length < 1 + NONCE_BYTES || value[0] != SEALED) {
      // a plain value where this instance encrypts: written by an instance set up otherwise, or
      // by someone with write access to Redis
      throw new GeneralSecurityException("not a sealed value");
    }
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(Cipher.DECRYPT_MODE, valueKey, new GCMParameterSpec(TAG_BITS, value, 1,
        NONCE_BYTES));
    cipher.updateAAD(digest.getBytes(StandardCharsets.US_ASCII));
    return cipher.doFinal(value, 1 + NONCE_BYTES, value.length - 1 - NONCE_BYTES);
  }

  private static byte[] hmac(SecretKeySpec key, String label) {
    return hmac(key, label.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] hmac(SecretKeySpec key, byte[] data) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(key);
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      // HmacSHA256 is in every Java SE runtime
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }
}
