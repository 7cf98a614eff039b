package io.github.collapseexecutor.samples.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.TracingObservationHandler;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The report the application prints when it starts: a row per client, the servlet filter and the
 * batch loader, each with the backend calls of {@value StartupReport#CALLERS} concurrent calls.
 * The application is started here, not by the test context, so that its start is always seen. The
 * user store takes 100 ms per call, so that the concurrent calls overlap.
 */
@ExtendWith(OutputCaptureExtension.class)
@Timeout(120)
final class StartupReportTest {

  @Test
  void theApplicationReportsFewerBackendCallsWithCollapseWhenItStarts(CapturedOutput output)
      throws Exception {
    try (ConfigurableApplicationContext app =
        SampleApplication.builder().run("--server.port=0", "--sample.users.latency=100ms")) {
      assertThat(output.getOut())
          .contains(StartupReport.CALLERS + " concurrent calls each")
          .contains(
              "RestClient GET /user/1",
              "RestTemplate GET /user/1",
              "WebClient GET /user/1",
              "OkHttp GET /user/1",
              "servlet filter GET /test/*100",
              "batch loader, users 1-50");

      List<StartupReport.Row> rows = app.getBean(StartupReport.class).measure();

      assertThat(rows).hasSize(6);
      assertThat(rows)
          .allSatisfy(
              row -> {
                assertThat(row.direct()).as(row.name()).isEqualTo(StartupReport.CALLERS);
                assertThat(row.collapsing())
                    .as(row.name())
                    .isBetween(1L, StartupReport.CALLERS - 1L);
              });
    }
  }

  @Test
  void theApplicationDoesNotTraceThoughTheTracingSamplesTracerIsOnTheClassPath() {
    try (ConfigurableApplicationContext app =
        SampleApplication.builder()
            .run("--server.port=0", "--sample.startup-report.enabled=false")) {
      assertThat(app.getBeansOfType(Tracer.class).values())
          .allMatch(tracer -> tracer == Tracer.NOOP);
      assertThat(app.getBeansOfType(TracingObservationHandler.class)).isEmpty();
    }
  }

  @Test
  void theReportIsOffWhenDisabled() {
    try (ConfigurableApplicationContext app =
        SampleApplication.builder()
            .run("--server.port=0", "--sample.startup-report.enabled=false")) {
      assertThat(app.getBeansOfType(StartupReport.class)).isEmpty();
    }
  }
}
