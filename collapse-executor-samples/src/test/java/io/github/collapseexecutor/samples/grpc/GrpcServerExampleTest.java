package io.github.collapseexecutor.samples.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.grpc.GrpcServerExample.Round;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

final class GrpcServerExampleTest {

  @Test
  @Timeout(60)
  void identicalCallsThatArriveWhileTheHandlerRunsShareItsRun() throws Exception {
    Round round = GrpcServerExample.serve(/* collapse= */ true, GrpcServerExample.CALLERS);

    assertThat(round.quotes()).hasSize(GrpcServerExample.CALLERS).containsOnly("ACME 101.25");
    assertThat(round.handlerRuns()).isEqualTo(1);
  }

  @Test
  @Timeout(60)
  void withoutTheInterceptorEveryCallRunsTheHandler() throws Exception {
    Round round = GrpcServerExample.serve(/* collapse= */ false, GrpcServerExample.CALLERS);

    assertThat(round.quotes()).hasSize(GrpcServerExample.CALLERS).containsOnly("ACME 101.25");
    assertThat(round.handlerRuns()).isEqualTo(GrpcServerExample.CALLERS);
  }
}
