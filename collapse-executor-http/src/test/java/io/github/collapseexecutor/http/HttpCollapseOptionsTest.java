package io.github.collapseexecutor.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class HttpCollapseOptionsTest {

  @Test
  void waitTimeoutDefaultsToThirtySeconds() {
    assertThat(HttpCollapseOptions.builder().build().waitTimeout())
        .isEqualTo(HttpCollapseOptions.DEFAULT_WAIT_TIMEOUT)
        .isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void waitTimeoutMustBePositive() {
    assertThatThrownBy(() -> HttpCollapseOptions.builder().waitTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("waitTimeout must be positive: PT0S");
    assertThatThrownBy(() -> HttpCollapseOptions.builder().waitTimeout(Duration.ofMillis(-5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("waitTimeout must be positive: PT-0.005S");
  }

  @Test
  void hitForPassDefaultsToVarnishsTwoMinutesAndTenThousandKeys() {
    HttpCollapseOptions options = HttpCollapseOptions.builder().build();
    assertThat(options.hitForPassTtl()).isEqualTo(Duration.ofSeconds(120));
    assertThat(options.hitForPassMaxKeys()).isEqualTo(10_000);
  }

  @Test
  void hitForPassSettingsMustNotBeNegative() {
    assertThatThrownBy(() -> HttpCollapseOptions.builder().hitForPassTtl(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hitForPassTtl must not be negative: PT-1S");
    assertThatThrownBy(() -> HttpCollapseOptions.builder().hitForPassMaxKeys(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hitForPassMaxKeys must not be negative: -1");
  }

  @Test
  void policiesShareUncacheableResponsesWithinTheSameCredentialsUnlessTheySayNever() {
    assertThat(CollapsePolicy.DEFAULT.shareUncacheable())
        .isEqualTo(ShareUncacheable.WITHIN_CREDENTIALS);
    assertThat(
            CollapsePolicy.of(List.of(), List.of())
                .withShareUncacheable(ShareUncacheable.NEVER)
                .shareUncacheable())
        .isEqualTo(ShareUncacheable.NEVER);
  }

  @Test
  void varyMemoryDefaultsToTwoMinutesAndTenThousandKeysAndRejectsNegativeValues() {
    HttpCollapseOptions options = HttpCollapseOptions.builder().build();
    assertThat(options.varyTtl()).isEqualTo(Duration.ofSeconds(120));
    assertThat(options.varyMaxKeys()).isEqualTo(10_000);
    assertThatThrownBy(() -> HttpCollapseOptions.builder().varyTtl(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("varyTtl must not be negative: PT-0.001S");
    assertThatThrownBy(() -> HttpCollapseOptions.builder().varyMaxKeys(-3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("varyMaxKeys must not be negative: -3");
  }

  @Test
  void builderSettersAndKeyMemoryGiveTheSameOptions() {
    HttpCollapseOptions bySetters =
        HttpCollapseOptions.builder()
            .hitForPassTtl(Duration.ZERO)
            .hitForPassMaxKeys(5)
            .varyTtl(Duration.ofSeconds(7))
            .varyMaxKeys(9)
            .build();
    KeyMemory memory =
        KeyMemory.defaults()
            .withHitForPassTtl(Duration.ZERO)
            .withHitForPassMaxKeys(5)
            .withVaryTtl(Duration.ofSeconds(7))
            .withVaryMaxKeys(9);
    assertThat(bySetters.keyMemory()).isEqualTo(memory);
    assertThat(HttpCollapseOptions.builder().keyMemory(memory).build().varyMaxKeys()).isEqualTo(9);
    assertThatThrownBy(() -> KeyMemory.defaults().withHitForPassMaxKeys(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hitForPassMaxKeys must not be negative: -1");
  }

  @Test
  void theLaterOfAddingAndRemovingASensitiveHeaderWins() {
    SensitiveHeaders removedThenAdded =
        SensitiveHeaders.defaults()
            .withRemoved(List.of("X-Trace-Token", "Cookie"))
            .withAdded(List.of("x-trace-token"));
    assertThat(removedThenAdded.names()).contains("x-trace-token").doesNotContain("cookie");
    assertThat(removedThenAdded.nonSensitive()).containsExactly("cookie");
    SensitiveHeaders addedBack = removedThenAdded.withAdded(List.of("Cookie"));
    assertThat(addedBack.names()).containsAll(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS);
    assertThat(addedBack.nonSensitive()).isEmpty();
    assertThat(addedBack.patterns())
        .isEqualTo(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS);
  }

  /** A list of one's own names or patterns never drops a built-in one; only a removal does. */
  @Test
  void sensitiveHeadersAndPatternsAddToTheDefaults() {
    HttpCollapseOptions options =
        HttpCollapseOptions.builder()
            .sensitiveHeaders(Set.of("X-Tenant-Key"))
            .sensitiveHeaderPatterns(Set.of("Credential"))
            .build();

    assertThat(options.sensitiveHeaders())
        .containsAll(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS)
        .contains("x-tenant-key")
        .hasSize(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS.size() + 1);
    assertThat(options.sensitiveHeaderPatterns())
        .containsAll(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS)
        .contains("credential");
    assertThat(options.nonSensitiveHeaders()).isEmpty();
  }

  @Test
  void removedDefaultsNameTheBuiltInHeadersTakenOutByNameOrPattern() {
    SensitiveHeaders headers =
        SensitiveHeaders.defaults()
            .withAdded(List.of("X-Flavour"))
            .withAddedPatterns(List.of("partner"))
            .withRemoved(
                List.of("Cookie", "X-Trace-Token", "X-Flavour", "X-Partner-Id", "X_Client_Secret"));

    assertThat(headers.removedDefaults())
        .containsExactly("cookie", "x-trace-token", "x_client_secret");
    assertThat(SensitiveHeaders.defaults().removedDefaults()).isEmpty();
  }

  @Test
  void aNameIsSensitiveByNameOrByAPatternWithUnderscoresReadAsHyphens() {
    SensitiveHeaders headers = SensitiveHeaders.defaults().withRemoved(List.of("x_trace_token"));

    assertThat(headers.isSensitive("authorization")).isTrue();
    assertThat(headers.isSensitive("x_api_key")).isTrue();
    assertThat(headers.isSensitive("x_user_id")).isTrue();
    assertThat(headers.isSensitive("x_trace_token")).isFalse();
    assertThat(headers.isSensitive("x-trace-token")).isTrue();
    assertThat(headers.isSensitive("x_request_id")).isFalse();
  }

  @Test
  void builderHeaderSettersAndSensitiveHeadersGiveTheSameOptions() {
    HttpCollapseOptions bySetters =
        HttpCollapseOptions.builder()
            .sensitiveHeaders(Set.of("Authorization"))
            .sensitiveHeaders(List.of("X-Flavour"))
            .removeSensitiveHeaders(List.of("X-Trace-Token"))
            .sensitiveHeaderPatterns(Set.of("Credential"))
            .build();
    SensitiveHeaders headers =
        SensitiveHeaders.defaults()
            .withAdded(List.of("x-flavour"))
            .withRemoved(List.of("x-trace-token"))
            .withAddedPatterns(List.of("credential"));
    assertThat(bySetters.sensitiveHeaderSettings()).isEqualTo(headers);
    assertThat(bySetters.sensitiveHeaders()).contains("authorization", "x-flavour");
    assertThat(bySetters.sensitiveHeaderPatterns()).contains("token", "credential");
    assertThat(bySetters.nonSensitiveHeaders()).containsExactly("x-trace-token");
    assertThat(
            HttpCollapseOptions.builder()
                .sensitiveHeaderSettings(headers)
                .build()
                .sensitiveHeaders())
        .isEqualTo(bySetters.sensitiveHeaders());
  }
}
