package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientVaryContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import org.springframework.http.client.JdkClientHttpRequestFactory;

/** {@code Vary} through the interceptor on a RestClient. */
final class CollapseHttpRequestInterceptorVaryTest extends ClientVaryContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new RestClientCollapsingClient(options, baseUrl, new JdkClientHttpRequestFactory());
  }
}
