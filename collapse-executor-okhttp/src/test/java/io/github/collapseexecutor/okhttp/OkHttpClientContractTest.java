package io.github.collapseexecutor.okhttp;

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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every client contract through the OkHttp interceptor, and the cases only OkHttp has: the bodies
 * it decompresses itself, and client copies made by {@code newBuilder()}. OkHttp keeps a
 * {@code Host} it is given and sends no GET with a body.
 */
final class OkHttpClientContractTest
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
    return new OkHttpFixture();
  }

  @Test
  @Timeout(60)
  void bodiesOkHttpDecompressesItselfAreSharedDecompressed() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(N, List.of(Call.get("/u/gzipped"), Call.get("/u/compressible")));

          assertThat(expected.values())
              .allSatisfy(
                  outcome -> {
                    assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT);
                    assertThat(outcome.header("Content-Encoding")).isNull();
                  });
          assertThat(clients.stats().replayed()).isPositive();
        });
  }

  @Test
  @Timeout(60)
  void compressedBodiesOfCallersThatAskedForGzipArePassedOnByteForByte() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(
                  N,
                  List.of(
                      Call.get("/u/gzipped", "Accept-Encoding", "gzip"),
                      Call.get("/u/compressible", "Accept-Encoding", "gzip")));

          assertThat(expected.values())
              .allSatisfy(
                  outcome -> assertThat(outcome.header("Content-Encoding")).isEqualTo("gzip"));
          assertThat(clients.stats().replayed()).isPositive();
        });
  }

  @Test
  @Timeout(60)
  void callersThatAskForGzipThemselvesAndCallersThatLetOkHttpDecompressNeverShare()
      throws Exception {
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

  /**
   * A client copied with {@code newBuilder()} that keeps the SSL socket factory, the proxy and the
   * rest of what decides the connection shares with the client it was copied from.
   */
  @Test
  @Timeout(60)
  void clientsMadeByNewBuilderThatKeepTheConnectionSettingsShare() throws Exception {
    try (Certified certified = openCertified()) {
      // a copy that changes nothing that decides the connection
      certified.add(
          "alice-copy",
          ((OkHttpFixture.Client) certified.clients().get("alice"))
              .withReadTimeout(Duration.ofSeconds(30)));

      List<String> wrong = certified.round(List.of("alice", "alice-copy"));

      assertThat(wrong).as("callers that got another certificate's response").isEmpty();
      assertThat(certified.backend().calls())
          .as("backend calls, %s", certified.base().stats())
          .isBetween(1, 5);
    }
  }
}
