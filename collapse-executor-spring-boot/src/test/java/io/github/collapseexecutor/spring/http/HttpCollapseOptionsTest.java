package io.github.collapseexecutor.spring.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

final class HttpCollapseOptionsTest {

  @Test
  void waitTimeoutDefaultsToThirtySeconds() {
    assertThat(HttpCollapseOptions.builder().build().waitTimeout())
        .isEqualTo(HttpCollapseOptions.DEFAULT_WAIT_TIMEOUT).isEqualTo(Duration.ofSeconds(30));
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
    assertThat(CollapsePolicy.of(List.of(), List.of())
        .withShareUncacheable(ShareUncacheable.NEVER).shareUncacheable())
        .isEqualTo(ShareUncacheable.NEVER);
  }
}
