package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/**
 * The {@code Host} a request arrived with and its body, through the WebFlux filter: the contract
 * every client adapter passes, on the server side.
 */
final class WebFilterRequestIdentityTest extends ClientRequestIdentityContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new WebFluxCollapsingClient(options, baseUrl);
  }
}
