package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.testing.http.HttpSubject;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through the OkHttp adapter. */
final class OkHttpTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return new HttpSubject((options, baseUrl) -> new OkHttpCollapsingClient(options, baseUrl));
  }
}
