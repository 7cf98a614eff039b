package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.testing.http.ClientCrossingContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/**
 * What crosses between two instances, each a WebClient whose filter is the client named after its
 * executor: the non-blocking path of the tier, through Reactor.
 */
final class WebClientCrossingContractTest implements ClientCrossingContract {

  @Override
  public ClientFixture instance() {
    return new WebClientFixture();
  }

  /** A replay decodes its body with the exchange strategies of this client's own responses. */
  @Override
  public boolean needsALiveResponseFirst() {
    return true;
  }
}
