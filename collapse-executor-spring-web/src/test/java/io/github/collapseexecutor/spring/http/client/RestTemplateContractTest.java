package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.testing.http.ClientFaultsContract;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.ClientObserveContract;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;

/**
 * The client contracts where a {@code RestTemplate} over {@code HttpURLConnection} differs from a
 * {@code RestClient} through the same interceptor: how it fails, how it streams, a secured
 * service, and observe mode over its own connections. The interceptor's other contracts are {@link RestClientContractTest}'s.
 */
final class RestTemplateContractTest
    implements ClientFaultsContract,
        ClientStreamsContract,
        SecuredBackendContract,
        ClientObserveContract {

  @Override
  public ClientFixture fixture() {
    return new RestTemplateFixture();
  }
}
