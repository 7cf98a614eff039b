package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.testing.http.ClientAcrossInstancesContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/**
 * The identity contracts across two instances, each a RestClient whose interceptor is the client
 * named after its executor.
 */
final class RestClientAcrossInstancesContractTest implements ClientAcrossInstancesContract {

  @Override
  public ClientFixture instance() {
    return new RestClientFixture();
  }
}
