package io.github.collapseexecutor.samples.tracing;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application traced with Micrometer Tracing over OpenTelemetry that calls its own
 * quote API through a collapsing RestClient, {@value QuoteCallers#CALLERS} callers at once, and
 * prints what the tracer recorded ({@link SpanReport}). Its configuration is
 * {@code application-tracing.yml}.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.tracing.TracingSampleApplication}. It stops once
 * it printed the report.
 */
@SpringBootApplication
public class TracingSampleApplication {

  /** The profile that holds the application's configuration. */
  public static final String PROFILE = "tracing";

  /** Returns a builder of the application with its profile. */
  public static SpringApplicationBuilder builder() {
    return new SpringApplicationBuilder(TracingSampleApplication.class).profiles(PROFILE);
  }

  public static void main(String[] args) throws Exception {
    try (ConfigurableApplicationContext context = builder().run(args)) {
      QuoteCallers callers = context.getBean(QuoteCallers.class);
      callers.call(QuoteCallers.CALLERS, 1);
      System.out.println(context.getBean(RecordedSpans.class).awaitReport());
    }
  }
}
