package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

final class FleetSecretTest {

  private static final long RESULT_TTL_MILLIS = FleetOptions.DEFAULT_RESULT_TTL.toMillis();

  private final FleetSecret secret = new FleetSecret(TestRedis.SECRET, /* encrypt= */ true);

  @Test
  void keysWhosePartsJoinAlikeHaveDifferentDigests() {
    String ab = secret.digest(FleetKey.of("a", "b"));

    assertThat(secret.digest(FleetKey.of("a|b"))).isNotEqualTo(ab);
    assertThat(secret.digest(FleetKey.of("ab", ""))).isNotEqualTo(ab);
    assertThat(secret.digest(FleetKey.of("a", "b"))).isEqualTo(ab);
  }

  @Test
  void anotherSecretMakesOtherDigests() {
    FleetSecret other =
        new FleetSecret(
            "another secret of the fleet tier, 32+ bytes".getBytes(StandardCharsets.UTF_8), true);

    assertThat(other.digest(FleetKey.of("GET", "/x")))
        .isNotEqualTo(secret.digest(FleetKey.of("GET", "/x")));
  }

  @Test
  void aSealedValueOpensOnlyUnderItsOwnDigestAndCall() throws Exception {
    byte[] sealed = seal("result", "digest-a", "token-1");

    assertThat(new String(open(sealed, "digest-a", "token-1"), StandardCharsets.UTF_8))
        .isEqualTo("result");
    assertThatThrownBy(() -> open(sealed, "digest-b", "token-1"))
        .isInstanceOf(GeneralSecurityException.class);
    assertThatThrownBy(() -> open(sealed, "digest-a", "token-2"))
        .as("an earlier call's result, copied to the place of the call under way")
        .isInstanceOf(GeneralSecurityException.class);
  }

  /**
   * Hazard: someone who can write to Redis keeps a sealed result and writes it back, with the
   * lease of the call that made it, long after results of that call expired.
   */
  @Test
  void aValueSealedLongerAgoThanResultsLiveIsRefused() throws Exception {
    AtomicLong now = new AtomicLong(1_000_000);
    FleetSecret clocked = new FleetSecret(TestRedis.SECRET, /* encrypt= */ true, now::get);
    byte[] sealed = clocked.seal(bytes("result"), "digest-a", "token-1");
    long oldest = RESULT_TTL_MILLIS + FleetSecret.CLOCK_ALLOWANCE_MILLIS;

    now.addAndGet(oldest);
    assertThat(clocked.open(sealed, "digest-a", "token-1", RESULT_TTL_MILLIS))
        .as("read as its result expires, on an instance whose clock runs ahead")
        .isEqualTo(bytes("result"));
    now.incrementAndGet();
    assertThatThrownBy(() -> clocked.open(sealed, "digest-a", "token-1", RESULT_TTL_MILLIS))
        .isInstanceOf(GeneralSecurityException.class);
    now.set(1_000_000 - FleetSecret.CLOCK_ALLOWANCE_MILLIS - 1);
    assertThatThrownBy(() -> clocked.open(sealed, "digest-a", "token-1", RESULT_TTL_MILLIS))
        .as("sealed in what is the future here")
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  void aChangedValueDoesNotOpen() {
    byte[] sealed = seal("result", "digest-a", "token-1");
    sealed[sealed.length - 1] ^= 1;

    assertThatThrownBy(() -> open(sealed, "digest-a", "token-1"))
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  void aPlainValueIsRefusedWhereValuesAreEncrypted() {
    byte[] plain =
        new FleetSecret(TestRedis.SECRET, /* encrypt= */ false)
            .seal(bytes("forged"), "digest-a", "token-1");

    assertThatThrownBy(() -> open(plain, "digest-a", "token-1"))
        .isInstanceOf(GeneralSecurityException.class);
  }

  /**
   * Hazard: with encryption off, someone who can write to Redis, but has no secret, writes a
   * result of their own, or changes one, for a caller to take.
   */
  @Test
  void aValueStoredUnencryptedIsAuthenticatedToo() throws Exception {
    FleetSecret readable = new FleetSecret(TestRedis.SECRET, /* encrypt= */ false);
    byte[] stored = readable.seal(bytes("result"), "digest-a", "token-1");
    int at = new String(stored, StandardCharsets.ISO_8859_1).indexOf("result");
    assertThat(at).as("the result as the codec wrote it").isPositive();

    assertThat(readable.open(stored, "digest-a", "token-1", RESULT_TTL_MILLIS))
        .isEqualTo(bytes("result"));
    assertThatThrownBy(() -> readable.open(stored, "digest-a", "token-2", RESULT_TTL_MILLIS))
        .as("another call's")
        .isInstanceOf(GeneralSecurityException.class);
    byte[] changed = stored.clone();
    System.arraycopy(bytes("forged"), 0, changed, at, 6);
    assertThatThrownBy(() -> readable.open(changed, "digest-a", "token-1", RESULT_TTL_MILLIS))
        .as("changed")
        .isInstanceOf(GeneralSecurityException.class);
    byte[] written =
        new FleetSecret(
                "another secret of the fleet tier, 32+ bytes".getBytes(StandardCharsets.UTF_8),
                false)
            .seal(bytes("forged"), "digest-a", "token-1");
    assertThatThrownBy(() -> readable.open(written, "digest-a", "token-1", RESULT_TTL_MILLIS))
        .as("written without the secret")
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  void aShortSecretIsRefused() {
    assertThatThrownBy(() -> FleetOptions.builder(new byte[16]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("secret must hold at least 32 bytes: 16");
  }

  @Test
  void keysAndOptionsShowNoSecret() {
    assertThat(FleetKey.of("Bearer token-1").toString()).doesNotContain("token-1");
    assertThat(FleetOptions.builder(TestRedis.SECRET).build().toString()).doesNotContain("secret");
  }

  private byte[] seal(String plain, String digest, String token) {
    return secret.seal(bytes(plain), digest, token);
  }

  private byte[] open(byte[] value, String digest, String token) throws GeneralSecurityException {
    return secret.open(value, digest, token, RESULT_TTL_MILLIS);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
