package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.testing.http.ClientCredentialsContract;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.ClientTwoCallersContract;

/**
 * The contracts every client adapter passes that hold on the server side too, through the
 * WebFlux filter: the {@code Host} a request arrived with and its body, the identity rule, and the
 * credentials and negotiation headers each caller sets.
 * The fixture's client calls an application behind the filter.
 */
final class WebFilterContractTest
    implements ClientRequestIdentityContract, ClientTwoCallersContract, ClientCredentialsContract {

  @Override
  public ClientFixture fixture() {
    return setup -> new WebFluxCollapsingClient(setup.requireOptions(), setup.baseUrl());
  }
}
