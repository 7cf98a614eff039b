package io.github.collapseexecutor.samples.tracing;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /quote/{id}}: each request asks the collapsing {@link QuoteService}. */
@RestController
final class QuoteController {

  private final QuoteService quotes;

  QuoteController(QuoteService quotes) {
    this.quotes = quotes;
  }

  @GetMapping("/quote/{id}")
  String quote(@PathVariable("id") long id) throws InterruptedException {
    return quotes.quote(id);
  }
}
