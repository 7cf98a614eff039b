package io.github.collapseexecutor.samples.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

final class GrpcExampleTest {

  @Test
  @Timeout(30)
  void concurrentIdenticalCallsShareOneCallOfTheService() throws Exception {
    try (QuoteService service = new QuoteService(/* held= */ true)) {
      List<String> quotes = GrpcExample.fetchConcurrently(service, GrpcExample.CALLERS);

      assertThat(quotes).hasSize(GrpcExample.CALLERS).containsOnly("ACME 101.25");
      assertThat(service.gate().calls()).isEqualTo(1);
    }
  }
}
