package io.github.collapseexecutor.samples.tracing;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import org.springframework.stereotype.Service;

/**
 * The quotes the controller serves: concurrent requests for one quote share one backend call,
 * run by the first of them, inside its request's span.
 */
@Service
public class QuoteService {

  private final QuoteBackend backend;

  QuoteService(QuoteBackend backend) {
    this.backend = backend;
  }

  /** Returns the quote of {@code id}; callers asking for the same quote at once share a call. */
  @Collapsible
  public String quote(long id) throws InterruptedException {
    return backend.quote(id);
  }
}
