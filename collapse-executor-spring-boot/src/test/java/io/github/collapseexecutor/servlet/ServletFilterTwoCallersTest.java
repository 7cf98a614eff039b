package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.HttpSubject;
import io.github.collapseexecutor.spring.identity.TwoCallersContract;

/** The identity rule through the ServletFilter adapter. */
final class ServletFilterTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return new HttpSubject((options, baseUrl) -> new ServletCollapsingClient(options, baseUrl));
  }
}
