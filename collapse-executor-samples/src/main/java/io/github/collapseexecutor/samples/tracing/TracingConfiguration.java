package io.github.collapseexecutor.samples.tracing;

import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;

/** The backend, the callers, and the span processor that keeps every span in memory. */
@Configuration(proxyBeanMethods = false)
class TracingConfiguration {

  @Bean
  QuoteBackend quoteBackend(@Value("${sample.tracing.latency:200ms}") Duration latency) {
    return new QuoteBackend(latency);
  }

  @Bean
  QuoteCallers quoteCallers(RestClient.Builder builder, WebServerApplicationContext server) {
    return new QuoteCallers(builder, server);
  }

  @Bean
  RecordedSpans recordedSpans() {
    return new RecordedSpans();
  }

  /** Exports each span as it ends, so that the report sees every span at once. */
  @Bean
  SpanProcessor recordingSpanProcessor(RecordedSpans spans) {
    return SimpleSpanProcessor.create(spans.exporter());
  }
}
