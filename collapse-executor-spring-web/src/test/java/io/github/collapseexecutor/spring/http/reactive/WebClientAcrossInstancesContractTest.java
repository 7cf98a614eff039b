package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.testing.http.ClientAcrossInstancesContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/**
 * The identity contracts across two instances, each a WebClient whose filter is the client named
 * after its executor: the non-blocking path of the tier, through Reactor.
 */
final class WebClientAcrossInstancesContractTest implements ClientAcrossInstancesContract {

  @Override
  public ClientFixture instance() {
    return new WebClientFixture();
  }
}
