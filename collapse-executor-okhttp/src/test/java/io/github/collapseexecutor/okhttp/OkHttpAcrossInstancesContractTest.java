package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.testing.http.ClientAcrossInstancesContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/** The identity contracts across two instances, each an OkHttp client of one name. */
final class OkHttpAcrossInstancesContractTest implements ClientAcrossInstancesContract {

  @Override
  public ClientFixture instance() {
    return new OkHttpFixture("contract-client");
  }
}
