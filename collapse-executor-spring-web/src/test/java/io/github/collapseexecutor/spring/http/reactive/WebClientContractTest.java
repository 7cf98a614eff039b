package io.github.collapseexecutor.spring.http.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientCallerSettingsContract;
import io.github.collapseexecutor.testing.http.ClientCertificateContract;
import io.github.collapseexecutor.testing.http.ClientCredentialsContract;
import io.github.collapseexecutor.testing.http.ClientFaultsContract;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.ClientObserveContract;
import io.github.collapseexecutor.testing.http.ClientReadsAfterWritesContract;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import io.github.collapseexecutor.testing.http.ClientTwoCallersContract;
import io.github.collapseexecutor.testing.http.ClientUnusualResponsesContract;
import io.github.collapseexecutor.testing.http.ClientVaryContract;
import io.github.collapseexecutor.testing.http.ClientWaitTimeoutContract;
import io.github.collapseexecutor.testing.http.Outcome;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;
import io.github.collapseexecutor.testing.http.UnusualBackend;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every client contract through the filter function on a {@code WebClient}, and the case only
 * its connector has: compressed bodies, shared as the connector decodes them.
 */
final class WebClientContractTest
    implements ClientRequestIdentityContract,
        ClientCallerSettingsContract,
        ClientFaultsContract,
        ClientStreamsContract,
        ClientVaryContract,
        ClientWaitTimeoutContract,
        ClientUnusualResponsesContract,
        ClientCertificateContract,
        ClientCredentialsContract,
        SecuredBackendContract,
        ClientTwoCallersContract,
        ClientReadsAfterWritesContract,
        ClientObserveContract {

  @Override
  public ClientFixture fixture() {
    return new WebClientFixture();
  }

  @Test
  @Timeout(60)
  void compressedBodiesAreSharedAsTheConnectorDecodesThem() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(
                  N,
                  List.of(
                      Call.get("/u/gzipped"),
                      Call.get("/u/compressible", "Accept-Encoding", "gzip"),
                      Call.get("/u/compressible")));

          assertThat(expected.values())
              .allSatisfy(
                  outcome -> {
                    assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT);
                    assertThat(outcome.header("Content-Encoding")).isNull();
                  });
          assertThat(clients.stats().replayed()).isPositive();
        });
  }
}
