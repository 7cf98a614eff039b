package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.testing.http.ClientCrossingContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/** What crosses between two instances, each an OkHttp client of one name. */
final class OkHttpCrossingContractTest implements ClientCrossingContract {

  @Override
  public ClientFixture instance() {
    return new OkHttpFixture("contract-client");
  }
}
