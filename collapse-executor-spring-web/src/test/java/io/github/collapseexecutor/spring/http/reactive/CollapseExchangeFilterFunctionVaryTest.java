package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientVaryContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/** {@code Vary} through the WebClient filter function. */
final class CollapseExchangeFilterFunctionVaryTest extends ClientVaryContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new WebClientCollapsingClient(options, baseUrl);
  }
}
