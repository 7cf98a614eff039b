package io.github.collapseexecutor.samples.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.Load;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The HTTP rows of the demo: a direct and a collapsing row per client and for the servlet filter,
 * and nothing else printed while the application starts and stops.
 */
@ExtendWith(OutputCaptureExtension.class)
@Timeout(120)
final class HttpDemoTest {

  @Test
  void theDemoComparesEachClientAndTheFilterQuietly(CapturedOutput output) throws Exception {
    List<Load.Result> results = HttpDemo.run();

    assertThat(results)
        .extracting(Load.Result::name)
        .containsExactly(
            "RestClient, direct",
            "RestClient + collapse",
            "WebClient, direct",
            "WebClient + collapse",
            "OkHttp, direct",
            "OkHttp + collapse",
            "servlet filter, direct",
            "servlet filter + collapse");
    for (int i = 0; i < results.size(); i += 2) {
      Load.Result direct = results.get(i);
      Load.Result collapsing = results.get(i + 1);
      assertThat(direct.backendCalls()).as(direct.name()).isEqualTo(direct.requests());
      assertThat(collapsing.backendCalls())
          .as(collapsing.name())
          .isPositive()
          .isLessThan(collapsing.requests());
    }
    assertThat(output.getOut()).as("the demo's own output").isEmpty();
  }
}
