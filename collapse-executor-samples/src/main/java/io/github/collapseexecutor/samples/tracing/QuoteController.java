package io.github.collapseexecutor.samples.tracing;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /quote/{id}}: the backend the callers share. */
@RestController
final class QuoteController {

  private final QuoteBackend backend;

  QuoteController(QuoteBackend backend) {
    this.backend = backend;
  }

  @GetMapping("/quote/{id}")
  String quote(@PathVariable("id") long id) throws InterruptedException {
    return backend.quote(id);
  }
}
