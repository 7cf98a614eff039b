package io.github.collapseexecutor.spring.http.okhttp;

import io.github.collapseexecutor.spring.http.ClientVaryContract;
import io.github.collapseexecutor.spring.http.CollapsingClient;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;

/** {@code Vary} through the OkHttp interceptor. */
final class CollapseInterceptorVaryTest extends ClientVaryContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new OkHttpCollapsingClient(options, baseUrl);
  }
}
