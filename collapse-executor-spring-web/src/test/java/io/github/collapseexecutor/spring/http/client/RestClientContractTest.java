package io.github.collapseexecutor.spring.http.client;

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
 * Every client contract through the interceptor on a {@code RestClient}, and the cases only its
 * request factories have: compressed bodies, passed on as they came or decompressed.
 */
final class RestClientContractTest
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
    return new RestClientFixture();
  }

  @Test
  @Timeout(60)
  void compressedBodiesArePassedOnByteForByteWithTheirContentEncoding() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(
                  N,
                  List.of(
                      Call.get("/u/gzipped"),
                      Call.get("/u/compressible", "Accept-Encoding", "gzip")));

          assertThat(expected.values())
              .allSatisfy(
                  outcome -> assertThat(outcome.header("Content-Encoding")).isEqualTo("gzip"));
          assertThat(clients.stats().replayed()).isPositive();
        });
  }

  @Test
  @Timeout(60)
  void callersThatAcceptDifferentEncodingsGetWhatTheyAccept() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(
                  N,
                  List.of(
                      Call.get("/u/compressible", "Accept-Encoding", "gzip"),
                      Call.get("/u/compressible")));

          assertThat(expected.values())
              .extracting(outcome -> outcome.header("Content-Encoding"))
              .containsExactly("gzip", null);
        });
  }

  @Test
  @Timeout(60)
  void bodiesTheRequestFactoryDecompressesAreSharedDecompressed() throws Exception {
    withUnusualBackend(
        new RestClientFixture(/* decompress= */ true),
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(N, List.of(Call.get("/u/gzipped"), Call.get("/u/compressible")));

          assertThat(expected.values())
              .allSatisfy(outcome -> assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT));
        });
  }
}
