package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.testing.http.ClientAcrossInstancesContract;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.TwoInstances;

/**
 * The identity contracts across two instances of a servlet application behind the filter, on one
 * port of two loopback addresses as behind a balancer: requests of one key meet only through the
 * fleet tier, and no caller gets an answer meant for another.
 */
final class ServletFilterAcrossInstancesContractTest implements ClientAcrossInstancesContract {

  @Override
  public ClientFixture instance() {
    return setup -> new ServletCollapsingClient(setup.requireOptions(), setup.baseUrl());
  }

  /** Two instances on one port, which is part of every key, of 127.0.0.1 and 127.0.0.2. */
  @Override
  public ClientFixture fixture() {
    return setup -> {
      ServletCollapsingClient first =
          new ServletCollapsingClient(setup.requireOptions(), setup.baseUrl(), "127.0.0.1", 0);
      return new TwoInstances(
          first,
          new ServletCollapsingClient(
              setup.requireOptions(), setup.baseUrl(), "127.0.0.2", first.port()));
    };
  }
}
