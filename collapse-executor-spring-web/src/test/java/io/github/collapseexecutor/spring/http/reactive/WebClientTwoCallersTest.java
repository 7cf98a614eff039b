package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.testing.http.HttpSubject;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through the WebClient adapter. */
final class WebClientTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return new HttpSubject((options, baseUrl) -> new WebClientCollapsingClient(options, baseUrl));
  }
}
