package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.testing.http.HttpSubject;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through the JDK's client. */
final class JdkTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return new HttpSubject(JdkCollapsingClient::new);
  }
}
