package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.testing.http.ClientAcrossInstancesContract;
import io.github.collapseexecutor.testing.http.ClientFixture;

/**
 * The identity contracts across two instances, each a JDK client of one name: the non-blocking
 * path of the tier.
 */
final class JdkAcrossInstancesContractTest implements ClientAcrossInstancesContract {

  @Override
  public ClientFixture instance() {
    return new JdkFixture("contract-client");
  }
}
