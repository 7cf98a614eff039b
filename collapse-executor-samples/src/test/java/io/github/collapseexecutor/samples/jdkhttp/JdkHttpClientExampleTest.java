package io.github.collapseexecutor.samples.jdkhttp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

final class JdkHttpClientExampleTest {

  @Test
  @Timeout(30)
  void concurrentIdenticalRequestsShareOneCallOfTheService() throws Exception {
    try (PriceServer server = new PriceServer(/* held= */ true)) {
      List<String> prices =
          JdkHttpClientExample.fetchConcurrently(server, JdkHttpClientExample.CALLERS);

      assertThat(prices)
          .hasSize(JdkHttpClientExample.CALLERS)
          .containsOnly("{\"sku\":\"42\",\"price\":\"9.99\"}");
      assertThat(server.gate().calls()).isEqualTo(1);
    }
  }
}
