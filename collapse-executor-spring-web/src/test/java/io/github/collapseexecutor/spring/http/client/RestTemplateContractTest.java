package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.testing.http.ClientFaultsContract;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;

/**
 * The client contracts where a {@code RestTemplate} over {@code HttpURLConnection} differs from a
 * {@code RestClient} through the same interceptor: how it fails, how it streams, and a secured
 * service. The interceptor's other contracts are {@link RestClientContractTest}'s.
 */
final class RestTemplateContractTest
    implements ClientFaultsContract, ClientStreamsContract, SecuredBackendContract {

  @Override
  public ClientFixture fixture() {
    return new RestTemplateFixture();
  }
}
