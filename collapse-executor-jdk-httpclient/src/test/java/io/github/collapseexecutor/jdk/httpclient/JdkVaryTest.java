package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientVaryContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/** {@code Vary} through the JDK's client. */
final class JdkVaryTest extends ClientVaryContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new JdkCollapsingClient(options, baseUrl);
  }
}
