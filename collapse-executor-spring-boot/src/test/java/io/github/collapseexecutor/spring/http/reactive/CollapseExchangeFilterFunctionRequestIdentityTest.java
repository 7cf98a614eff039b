package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.http.CollapsingClient;
import io.github.collapseexecutor.http.HttpCollapseOptions;

/** The {@code Host} header and a GET's body through the WebClient filter function. */
final class CollapseExchangeFilterFunctionRequestIdentityTest
    extends ClientRequestIdentityContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new WebClientCollapsingClient(options, baseUrl);
  }
}
