package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/**
 * The {@code Host} header through the OkHttp interceptor; OkHttp keeps a {@code Host} it is given
 * and sends no GET with a body.
 */
final class CollapseInterceptorRequestIdentityTest extends ClientRequestIdentityContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new OkHttpCollapsingClient(options, baseUrl);
  }
}
