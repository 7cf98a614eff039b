package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;

/**
 * The {@code Host} a request arrived with and its body, through the servlet filter: the contract
 * every client adapter passes, on the server side.
 */
final class CollapseServletFilterRequestIdentityTest extends ClientRequestIdentityContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new ServletCollapsingClient(options, baseUrl);
  }
}
