package io.github.collapseexecutor.testing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

final class ServicesTest {

  @Test
  void anAbsentServiceSkipsTheTestOnADevelopersMachine() {
    assertThatThrownBy(() -> Services.absent("no Redis on 127.0.0.1:1", null))
        .isInstanceOf(TestAbortedException.class)
        .hasMessageContaining("no Redis on 127.0.0.1:1");
  }

  @Test
  void anAbsentServiceFailsTheTestWhereCiRequiresItsServices() {
    assertThatThrownBy(() -> Services.absent("no Redis on 127.0.0.1:1", "required"))
        .isInstanceOf(AssertionError.class)
        .hasMessage("no Redis on 127.0.0.1:1, and COLLAPSE_CI_SERVICES=required");
  }
}
