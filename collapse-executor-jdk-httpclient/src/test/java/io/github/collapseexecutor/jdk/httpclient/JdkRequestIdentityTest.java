package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/**
 * The {@code Host} header and a GET with a body through the JDK's client; the tests run with
 * {@code jdk.httpclient.allowRestrictedHeaders=host}, without which the client refuses a
 * {@code Host} of the caller's own.
 */
final class JdkRequestIdentityTest extends ClientRequestIdentityContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new JdkCollapsingClient(options, baseUrl);
  }
}
