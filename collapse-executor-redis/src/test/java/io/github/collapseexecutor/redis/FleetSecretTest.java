package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import org.junit.jupiter.api.Test;

final class FleetSecretTest {

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
    FleetSecret other = new FleetSecret(
        "another secret of the fleet tier, 32+ bytes".getBytes(StandardCharsets.UTF_8), true);

    assertThat(other.digest(FleetKey.of("GET", "/x")))
        .isNotEqualTo(secret.digest(FleetKey.of("GET", "/x")));
  }

  @Test
  void aSealedValueOpensOnlyUnderItsOwnDigest() throws Exception {
    byte[] sealed = secret.seal("result".getBytes(StandardCharsets.UTF_8), "digest-a");

    assertThat(new String(secret.open(sealed, "digest-a"), StandardCharsets.UTF_8))
        .isEqualTo("result");
    assertThatThrownBy(() -> secret.open(sealed, "digest-b"))
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  void aChangedValueDoesNotOpen() {
    byte[] sealed = secret.seal("result".getBytes(StandardCharsets.UTF_8), "digest-a");
    sealed[sealed.length - 1] ^= 1;

    assertThatThrownBy(() -> secret.open(sealed, "digest-a"))
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  void aPlainValueIsRefusedWhereValuesAreEncrypted() {
    byte[] plain = new FleetSecret(TestRedis.SECRET, /* encrypt= */ false)
        .seal("forged".getBytes(StandardCharsets.UTF_8), "digest-a");

    assertThatThrownBy(() -> secret.open(plain, "digest-a"))
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
}
