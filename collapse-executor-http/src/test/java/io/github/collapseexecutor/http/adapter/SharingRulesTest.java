package io.github.collapseexecutor.http.adapter;

import static io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable.NEVER;
import static io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable.WITHIN_CREDENTIALS;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which responses may be shared, under each setting, with and without a credential. */
final class SharingRulesTest {

  private static final String SPRING_SECURITY = "no-cache, no-store, max-age=0, must-revalidate";

  @Test
  void springSecurityDefaultsAreSharedWithinTheSameCredentials() {
    assertThat(refusal("Cache-Control", SPRING_SECURITY, true, WITHIN_CREDENTIALS)).isNull();
    assertThat(refusal("Cache-Control", SPRING_SECURITY, false, WITHIN_CREDENTIALS)).isNull();
  }

  @Test
  void uncacheableResponsesAreRefusedWhenThePolicySaysNever() {
    assertThat(refusal("Cache-Control", SPRING_SECURITY, true, NEVER))
        .isEqualTo(UnsharedReason.UNCACHEABLE);
    assertThat(refusal("Cache-Control", "max-age=0", false, NEVER))
        .isEqualTo(UnsharedReason.UNCACHEABLE);
    assertThat(refusal("Cache-Control", "must-revalidate, max-age=60", false, NEVER)).isNull();
  }

  @Test
  void privateResponsesAreSharedOnlyAmongRequestsThatCarryACredential() {
    assertThat(refusal("cache-control", "Private", false, WITHIN_CREDENTIALS))
        .isEqualTo(UnsharedReason.PRIVATE);
    assertThat(refusal("Cache-Control", "private, max-age=0", true, WITHIN_CREDENTIALS)).isNull();
    assertThat(refusal("Cache-Control", "private", true, NEVER)).isEqualTo(UnsharedReason.PRIVATE);
  }

  @Test
  void responsesThatSetCookiesOrVaryOnEverythingAreNeverShared() {
    assertThat(refusal("Set-Cookie", "s=1", true, WITHIN_CREDENTIALS))
        .isEqualTo(UnsharedReason.SET_COOKIE);
    assertThat(refusal("Vary", "*", true, WITHIN_CREDENTIALS)).isEqualTo(UnsharedReason.VARY);
    assertThat(
            SharingRules.refusal(
                List.of(Map.entry("Cache-Control", "no-store"), Map.entry("Set-Cookie", "s=1")),
                true,
                WITHIN_CREDENTIALS))
        .isEqualTo(UnsharedReason.SET_COOKIE);
    assertThat(refusal("Cache-Control", "public, max-age=60", false, NEVER)).isNull();
  }

  @Test
  void hopByHopHeadersIncludeThoseTheConnectionHeaderNames() {
    List<Map.Entry<String, String>> headers = List.of(Map.entry("Connection", "X-Hop"));
    assertThat(SharingRules.isHopByHop("Transfer-Encoding", headers)).isTrue();
    assertThat(SharingRules.isHopByHop("x-hop", headers)).isTrue();
    assertThat(SharingRules.isHopByHop("ETag", headers)).isFalse();
  }

  /** A client's header map may hold a null value: it is no directive, and never throws. */
  @Test
  void nullHeaderValuesAreReadAsAbsent() {
    List<Map.Entry<String, String>> headers =
        List.of(
            HeaderLists.entry("Vary", null),
            HeaderLists.entry("Cache-Control", null),
            HeaderLists.entry("Connection", null));
    assertThat(SharingRules.refusal(headers, false, NEVER)).isNull();
    assertThat(SharingRules.isHopByHop("ETag", headers)).isFalse();
    assertThat(refusal("Set-Cookie", null, false, WITHIN_CREDENTIALS))
        .isEqualTo(UnsharedReason.SET_COOKIE);
    assertThat(
            new SharedResponse(
                    ClientDriver.Head.of(200, null, headers), new byte[0], null, name -> List.of())
                .varyNames())
        .isEmpty();
  }

  private static UnsharedReason refusal(
      String name, String value, boolean credentialed, ShareUncacheable share) {
    return SharingRules.refusal(List.of(HeaderLists.entry(name, value)), credentialed, share);
  }
}
