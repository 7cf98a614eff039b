package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.ClientVaryContract;
import io.github.collapseexecutor.http.CollapsingClient;
import io.github.collapseexecutor.http.HttpCollapseOptions;

/** {@code Vary} through the WebClient filter function. */
final class CollapseExchangeFilterFunctionVaryTest extends ClientVaryContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new WebClientCollapsingClient(options, baseUrl);
  }
}
