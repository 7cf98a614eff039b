package io.github.collapseexecutor.samples.tracing;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application traced with Micrometer Tracing over OpenTelemetry whose controller
 * serves quotes through a {@code @Collapsible} method. It sends its own controller
 * {@value QuoteCallers#CALLERS} identical requests at once, through a traced RestClient, and prints
 * what the tracer recorded ({@link SpanReport}) and a few of the spans ({@link SpanExcerpt}): one
 * span of the shared call, and a request span per request, each that joined linked to the shared
 * call's span. Its configuration is {@code application-tracing.yml}.
 *
 * <p>Run it as {@code docs/samples/tracing.md} says. It stops once it printed the report.
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
      RecordedSpans spans = context.getBean(RecordedSpans.class);
      System.out.println(spans.awaitReport(QuoteCallers.CALLERS));
      System.out.println(SpanExcerpt.of(spans.finished(), /* joined= */ 2));
    }
  }
}
