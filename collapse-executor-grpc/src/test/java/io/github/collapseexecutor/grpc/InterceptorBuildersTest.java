package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.SensitiveHeaders;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both interceptors' builders check the settings they share at once, and chain as their own. */
class InterceptorBuildersTest {

  @Test
  void aBlankNameIsRefusedAtOnceByBothBuilders() {
    assertThatThrownBy(() -> CollapseClientInterceptor.builder().name(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank: \" \"");
    assertThatThrownBy(() -> CollapseServerInterceptor.builder().name(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank: \"\"");
  }

  @Test
  void aMissingSettingIsRefusedByName() {
    assertThatThrownBy(() -> CollapseClientInterceptor.builder().listener(null))
        .hasMessage("listener");
    assertThatThrownBy(() -> CollapseServerInterceptor.builder().sensitiveMetadata(null))
        .hasMessage("sensitiveMetadata");
    assertThatThrownBy(() -> CollapseServerInterceptor.builder().methods(null))
        .hasMessage("fullMethodNames");
  }

  @Test
  void theSharedSettingsReachEachInterceptorAndChainAsItsOwnBuilder() {
    try (CollapseClientInterceptor client =
            CollapseClientInterceptor.builder()
                .name("quotes-client")
                .listener(CollapseListener.NONE)
                .sensitiveMetadata(SensitiveHeaders.defaults().withAdded(List.of("x-tenant")))
                .methods(name -> name.startsWith("quotes."))
                .callCredentialsShared(true)
                .build();
        CollapseServerInterceptor server =
            CollapseServerInterceptor.builder()
                .methods(name -> true)
                .name("quotes-server")
                .waitTimeout(Duration.ofSeconds(1))
                .build()) {
      assertThat(client.name()).isEqualTo("quotes-client");
      assertThat(server.name()).isEqualTo("quotes-server");
    }
    assertThat(CollapseClientInterceptor.builder().build().name())
        .isEqualTo(CollapseClientInterceptor.DEFAULT_NAME);
    assertThat(CollapseServerInterceptor.builder().build().name())
        .isEqualTo(CollapseServerInterceptor.DEFAULT_NAME);
  }
}
