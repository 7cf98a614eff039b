package io.github.collapseexecutor.jdk.httpclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.FleetInstances;
import io.github.collapseexecutor.testing.http.ClientCertificateBackend;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.http.GatedBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;
import okhttp3.tls.HandshakeCertificates;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two instances of one application, each with a JDK {@code HttpClient} wrapped in a
 * {@link CollapsingHttpClient}, collapse through the fleet tier on the Redis on 127.0.0.1:6379
 * (skipped without it), without holding a thread while one waits for the other: the client of
 * one name on the second instance takes the response of the first instance's call, with the TLS
 * session a call of its own would have shown; unnamed clients make their own.
 */
final class CollapsingHttpClientFleetTest {

  private static final String PATH = "/quotes/acme";

  private final FleetInstances instances = new FleetInstances();
  private final GatedBackend backend = instances.backend();
  private String baseUrl;

  @BeforeEach
  void start() {
    baseUrl = instances.start();
  }

  @AfterEach
  void stop() throws Exception {
    instances.close();
  }

  @Test
  void theSecondInstanceTakesTheResponseOfTheFirstInstancesCall() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          HttpClient first = instance("quotes");
          HttpClient second = instance("quotes");
          CompletableFuture<HttpResponse<String>> firstCall = call(first);
          backend.awaitCall(PATH, 1);
          CompletableFuture<HttpResponse<String>> secondCall = call(second);
          instances.awaitLastWatching();

          backend.releaseFrom(PATH, 1);

          assertThat(firstCall.get(30, TimeUnit.SECONDS).body()).isEqualTo("call 1");
          HttpResponse<String> replayed = secondCall.get(30, TimeUnit.SECONDS);
          assertThat(replayed.body()).isEqualTo("call 1");
          assertThat(replayed.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
          assertThat(replayed.uri()).isEqualTo(URI.create(baseUrl + PATH));
          assertThat(backend.calls(PATH)).isEqualTo(1);
        });
  }

  @Test
  void aCallOverTlsCrossesWithTheHandshakeItsCallerWouldHaveSeen() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          ClientCertificates certificates = ClientCertificates.of("alice");
          ClientCertificateBackend tls = new ClientCertificateBackend(certificates);
          String tlsUrl = tls.start();
          try {
            HandshakeCertificates alice = certificates.clients().get("alice");
            HttpClient first = instance("whoami", ClientCertificates.jdkHttpClient(alice));
            HttpClient second = instance("whoami", ClientCertificates.jdkHttpClient(alice));
            URI whoami = URI.create(tlsUrl + "/whoami/1");
            // the backend holds its answer until the test lets it go
            tls.arrivals().expect(1);
            CompletableFuture<HttpResponse<String>> firstCall =
                first.sendAsync(HttpRequest.newBuilder(whoami).build(), BodyHandlers.ofString());
            assertThat(tls.awaitCalls(1)).as("the first instance's call arrived").isTrue();
            CompletableFuture<HttpResponse<String>> secondCall =
                second.sendAsync(HttpRequest.newBuilder(whoami).build(), BodyHandlers.ofString());
            instances.awaitLastWatching();

            tls.arrivals().arrive();

            HttpResponse<String> own = firstCall.get(30, TimeUnit.SECONDS);
            HttpResponse<String> replayed = secondCall.get(30, TimeUnit.SECONDS);
            // the backend answers with the subject of the client's certificate
            assertThat(own.body()).isEqualTo("client=CN=alice");
            assertThat(replayed.body()).isEqualTo(own.body());
            assertThat(tls.calls()).as("backend calls").isEqualTo(1);
            SSLSession ownSession = own.sslSession().orElseThrow();
            SSLSession session = replayed.sslSession().orElseThrow();
            assertThat(session.getProtocol()).isEqualTo(ownSession.getProtocol());
            assertThat(session.getCipherSuite()).isEqualTo(ownSession.getCipherSuite());
            assertThat(session.getPeerCertificates())
                .containsExactly(ownSession.getPeerCertificates());
            assertThat(session.getLocalCertificates())
                .containsExactly(ownSession.getLocalCertificates());
            assertThat(session.getPeerPrincipal()).isEqualTo(ownSession.getPeerPrincipal());
            assertThat(session.getPeerHost()).isEqualTo("127.0.0.1");
            assertThat(session.getPeerPort()).isEqualTo(whoami.getPort());
            assertThat(session.isValid()).as("a session no connection here holds").isFalse();
          } finally {
            tls.stop();
          }
        });
  }

  @Test
  void theCallsOfAnUnnamedClientStayOnTheirInstance() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          HttpClient first = instance(null);
          HttpClient second = instance(null);
          CompletableFuture<HttpResponse<String>> firstCall = call(first);
          backend.awaitCall(PATH, 1);
          CompletableFuture<HttpResponse<String>> secondCall = call(second);

          backend.awaitCall(PATH, 2);
          backend.releaseFrom(PATH, 1);

          assertThat(
                  List.of(
                      firstCall.get(30, TimeUnit.SECONDS).body(),
                      secondCall.get(30, TimeUnit.SECONDS).body()))
              .containsExactlyInAnyOrder("call 1", "call 2");
        });
  }

  /** Starts an instance's client, named {@code clientName} if given, on its own coordinator. */
  private HttpClient instance(@Nullable String clientName) throws Exception {
    return instance(
        clientName, HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
  }

  private HttpClient instance(@Nullable String clientName, HttpClient wrapped) throws Exception {
    FleetCoordinator coordinator = instances.coordinator();
    CollapsingHttpClient.Builder client =
        CollapsingHttpClient.builder(
            wrapped,
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/quotes/*", "/whoami/*"))
                .fleet(RedisFleet.of(coordinator))
                .build());
    if (clientName != null) {
      client.partition(clientName);
    }
    return instances.closeLater(client.build());
  }

  private CompletableFuture<HttpResponse<String>> call(HttpClient client) {
    return client.sendAsync(
        HttpRequest.newBuilder(URI.create(baseUrl + PATH))
            .header("Authorization", "Bearer token-of-alice-123")
            .build(),
        BodyHandlers.ofString());
  }
}
