package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientVaryContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/** {@code Vary} through the OkHttp interceptor. */
final class CollapseInterceptorVaryTest extends ClientVaryContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new OkHttpCollapsingClient(options, baseUrl);
  }
}
