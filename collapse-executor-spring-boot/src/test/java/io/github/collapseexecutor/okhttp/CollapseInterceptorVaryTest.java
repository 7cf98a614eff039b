package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.ClientVaryContract;
import io.github.collapseexecutor.http.CollapsingClient;
import io.github.collapseexecutor.http.HttpCollapseOptions;

/** {@code Vary} through the OkHttp interceptor. */
final class CollapseInterceptorVaryTest extends ClientVaryContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new OkHttpCollapsingClient(options, baseUrl);
  }
}
