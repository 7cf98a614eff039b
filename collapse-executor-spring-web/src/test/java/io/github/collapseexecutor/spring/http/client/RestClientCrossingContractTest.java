package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.testing.http.ClientCrossingContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/**
 * What crosses between two instances, each a RestClient whose interceptor is the client named
 * after its executor.
 */
final class RestClientCrossingContractTest implements ClientCrossingContract {

  @Override
  public ClientFixture instance() {
    return new RestClientFixture();
  }
}
