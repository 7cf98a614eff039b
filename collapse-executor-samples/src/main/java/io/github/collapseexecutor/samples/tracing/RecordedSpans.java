package io.github.collapseexecutor.samples.tracing;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Keeps every span the tracer finished, in memory, in place of an exporter to a tracing backend,
 * so that the sample can show them. Not a {@link SpanExporter} bean itself: Spring Boot would
 * also batch-export to it; {@link #exporter()} is wired in a span processor of its own.
 */
public class RecordedSpans {

  private final List<SpanData> spans = new ArrayList<>();

  /** Returns the exporter that records into this. */
  SpanExporter exporter() {
    return new SpanExporter() {
      @Override
      public CompletableResultCode export(Collection<SpanData> finished) {
        synchronized (spans) {
          spans.addAll(finished);
          spans.notifyAll();
        }
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
      }
    };
  }

  /**
   * Returns the report of the spans recorded so far, once the spans of {@code requests} requests
   * are among them (at most 10 s): the server may end a request's span just after its client read
   * the response.
   */
  public SpanReport awaitReport(int requests) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    synchronized (spans) {
      SpanReport report = SpanReport.of(spans);
      while (report.requestSpans() < requests && System.nanoTime() < deadline) {
        TimeUnit.NANOSECONDS.timedWait(spans, deadline - System.nanoTime());
        report = SpanReport.of(spans);
      }
      return report;
    }
  }

  /** Returns the spans recorded so far. */
  public List<SpanData> finished() {
    synchronized (spans) {
      return List.copyOf(spans);
    }
  }

  /** Forgets every span recorded so far. */
  public void clear() {
    synchronized (spans) {
      spans.clear();
    }
  }
}
