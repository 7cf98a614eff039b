package io.github.collapseexecutor.samples.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.gateway.Burst.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the sample as its main method does, on a free port: 50 concurrent identical requests on
 * the route with the Collapse filter make at most a few upstream calls, on the route without it
 * 50, and every request is answered. The upstream answers only once a whole burst has reached the
 * gateway, so the counts do not depend on how fast the machine is.
 */
@Timeout(120)
final class GatewaySampleApplicationTest {

  @Test
  void theCollapseRouteMakesAtMostFiveUpstreamCallsForFiftyRequestsAndTheOtherFifty()
      throws Exception {
    List<Outcome> outcomes =
        GatewaySampleApplication.run("--server.port=0", "--sample.requests=50");

    Outcome collapsed = outcomes.get(0);
    Outcome direct = outcomes.get(1);
    assertThat(collapsed.path()).isEqualTo(GatewaySampleApplication.COLLAPSED);
    assertThat(collapsed.answered()).isEqualTo(50);
    assertThat(collapsed.upstreamCalls()).isBetween(1, 5);
    assertThat(direct.path()).isEqualTo(GatewaySampleApplication.DIRECT);
    assertThat(direct.answered()).isEqualTo(50);
    assertThat(direct.upstreamCalls()).isEqualTo(50);
  }
}
