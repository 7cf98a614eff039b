package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.testing.http.ClientCrossingContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/** What crosses between two instances, each a JDK client of one name: the non-blocking path. */
final class JdkCrossingContractTest implements ClientCrossingContract {

  @Override
  public ClientFixture instance() {
    return new JdkFixture("contract-client");
  }
}
