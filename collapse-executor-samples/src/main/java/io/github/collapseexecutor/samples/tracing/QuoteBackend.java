package io.github.collapseexecutor.samples.tracing;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/** Makes a quote, slowly: {@code sample.tracing.latency} per call. Counts its calls. */
public class QuoteBackend {

  private final Duration latency;
  private final AtomicInteger calls = new AtomicInteger();

  /** Creates a backend that takes {@code latency} per quote. */
  public QuoteBackend(Duration latency) {
    this.latency = latency;
  }

  /** Returns the quote of {@code id}. */
  public String quote(long id) throws InterruptedException {
    calls.incrementAndGet();
    Thread.sleep(latency.toMillis());
    return "quote " + id;
  }

  /** Returns how many quotes were made. */
  public int calls() {
    return calls.get();
  }
}
