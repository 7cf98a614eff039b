package io.github.collapseexecutor.spring.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
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
}
