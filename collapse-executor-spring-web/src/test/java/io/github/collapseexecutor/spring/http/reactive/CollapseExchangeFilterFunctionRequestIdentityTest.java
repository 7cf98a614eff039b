package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/** The {@code Host} header and a GET's body through the WebClient filter function. */
final class CollapseExchangeFilterFunctionRequestIdentityTest
    extends ClientRequestIdentityContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new WebClientCollapsingClient(options, baseUrl);
  }
}
