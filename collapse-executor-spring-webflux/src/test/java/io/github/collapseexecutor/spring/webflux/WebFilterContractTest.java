package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.ClientTwoCallersContract;

/**
 * The contracts every client adapter passes that hold on the server side too, through the
 * WebFlux filter: the {@code Host} a request arrived with and its body, and the identity rule.
 * The fixture's client calls an application behind the filter.
 */
final class WebFilterContractTest
    implements ClientRequestIdentityContract, ClientTwoCallersContract {

  @Override
  public ClientFixture fixture() {
    return setup -> new WebFluxCollapsingClient(setup.requireOptions(), setup.baseUrl());
  }
}
