package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.testing.http.HttpSubject;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through the ServletFilter adapter. */
final class ServletFilterTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return new HttpSubject((options, baseUrl) -> new ServletCollapsingClient(options, baseUrl));
  }
}
