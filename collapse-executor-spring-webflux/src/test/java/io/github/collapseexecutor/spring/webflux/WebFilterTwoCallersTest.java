package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.testing.http.HttpSubject;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through the WebFlux filter. */
final class WebFilterTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return new HttpSubject((options, baseUrl) -> new WebFluxCollapsingClient(options, baseUrl));
  }
}
