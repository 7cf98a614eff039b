package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.FleetInstances;
import io.github.collapseexecutor.testing.http.ClientCertificateBackend;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.http.GatedBackend;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.Handshake;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two instances of one application, each with its OkHttp client and collapse interceptor,
 * collapse through the fleet tier on the Redis on 127.0.0.1:6379 (skipped without it): a call of
 * the client of one name on the second instance takes the response of the first instance's call,
 * over TLS with the handshake its own call would have shown;
 * a call with another credential, of an unnamed client, or of a client changed from the named one
 * makes its own; a caller whose own deadline ends while another instance calls fails as its own
 * call would; Redis never holds the credential or the path.
 */
final class CollapseInterceptorFleetTest {

  private static final String PATH = "/quotes/acme";

  private final FleetInstances instances = new FleetInstances();
  private final GatedBackend backend = instances.backend();
  private final ExecutorService callers = Executors.newCachedThreadPool();
  private String baseUrl;

  @BeforeEach
  void start() {
    baseUrl = instances.start();
  }

  @AfterEach
  void stop() throws Exception {
    callers.shutdownNow();
    instances.close();
  }

  @Test
  void theSecondInstanceTakesTheResponseOfTheFirstInstancesCall() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          OkHttpClient first = instance().partition(new OkHttpClient(), "quotes");
          OkHttpClient second = instance().partition(new OkHttpClient(), "quotes");
          CompletableFuture<Response> firstCall = call(first, "Bearer token-of-alice-123");
          backend.awaitCall(PATH, 1);
          CompletableFuture<Response> secondCall = call(second, "Bearer token-of-alice-123");
          instances.awaitLastWatching();
          List<String> keyspace = instances.fleet().keyspace();

          backend.releaseFrom(PATH, 1);

          assertThat(body(firstCall)).isEqualTo("call 1");
          Response replayed = secondCall.get(30, TimeUnit.SECONDS);
          assertThat(replayed.body().string()).isEqualTo("call 1");
          assertThat(replayed.protocol()).isEqualTo(Protocol.HTTP_1_1);
          assertThat(replayed.header("Content-Type")).isEqualTo("text/plain");
          assertThat(backend.calls(PATH)).isEqualTo(1);
          keyspace.addAll(instances.fleet().keyspace());
          assertThat(keyspace)
              .isNotEmpty()
              .noneMatch(text -> text.contains("token-of-alice") || text.contains(PATH));
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
            OkHttpClient presentingAlice =
                new OkHttpClient.Builder()
                    .sslSocketFactory(alice.sslSocketFactory(), alice.trustManager())
                    .build();
            OkHttpClient first = instance().partition(presentingAlice, "whoami");
            OkHttpClient second = instance().partition(presentingAlice, "whoami");
            Request whoami = new Request.Builder().url(tlsUrl + "/whoami/1").build();
            // the backend holds its answer until the test lets it go
            tls.arrivals().expect(1);
            CompletableFuture<Response> firstCall = call(first, whoami);
            assertThat(tls.awaitCalls(1)).as("the first instance's call arrived").isTrue();
            CompletableFuture<Response> secondCall = call(second, whoami);
            instances.awaitLastWatching();

            tls.arrivals().arrive();

            try (Response own = firstCall.get(30, TimeUnit.SECONDS);
                Response replayed = secondCall.get(30, TimeUnit.SECONDS)) {
              // the backend answers with the subject of the client's certificate
              assertThat(own.body().string()).isEqualTo("client=CN=alice");
              assertThat(replayed.body().string()).isEqualTo("client=CN=alice");
              assertThat(tls.calls()).as("backend calls").isEqualTo(1);
              Handshake ownHandshake = own.handshake();
              Handshake handshake = replayed.handshake();
              assertThat(ownHandshake).isNotNull();
              assertThat(handshake).isNotNull();
              assertThat(handshake.tlsVersion()).isEqualTo(ownHandshake.tlsVersion());
              assertThat(handshake.cipherSuite()).isEqualTo(ownHandshake.cipherSuite());
              assertThat(handshake.peerCertificates())
                  .containsExactlyElementsOf(ownHandshake.peerCertificates());
              assertThat(handshake.localCertificates())
                  .containsExactlyElementsOf(ownHandshake.localCertificates());
            }
          } finally {
            tls.stop();
          }
        });
  }

  @Test
  void aCallWithAnotherCredentialMakesItsOwn() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          OkHttpClient first = instance().partition(new OkHttpClient(), "quotes");
          OkHttpClient second = instance().partition(new OkHttpClient(), "quotes");
          CompletableFuture<Response> firstCall = call(first, "Bearer token-of-alice-123");
          backend.awaitCall(PATH, 1);
          CompletableFuture<Response> secondCall = call(second, "Bearer token-of-bob-456");

          assertEachMadeItsOwnCall(firstCall, secondCall);
        });
  }

  @Test
  void theCallsOfAnUnnamedClientStayOnTheirInstance() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          OkHttpClient first = unnamed(instance());
          OkHttpClient second = unnamed(instance());
          CompletableFuture<Response> firstCall = call(first, "Bearer token-of-alice-123");
          backend.awaitCall(PATH, 1);
          CompletableFuture<Response> secondCall = call(second, "Bearer token-of-alice-123");

          assertEachMadeItsOwnCall(firstCall, secondCall);
        });
  }

  /**
   * Hazard: a client made from the named one with another redirect policy (or certificate, or
   * proxy) shares its interceptor, and so its name; another instance cannot tell the two apart,
   * so its calls stay on its instance.
   */
  @Test
  void theCallsOfAClientChangedFromTheNamedOneStayOnTheirInstance() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          OkHttpClient first = instance().partition(new OkHttpClient(), "quotes");
          OkHttpClient second =
              instance()
                  .partition(new OkHttpClient(), "quotes")
                  .newBuilder()
                  .followRedirects(false)
                  .build();
          CompletableFuture<Response> firstCall = call(first, "Bearer token-of-alice-123");
          backend.awaitCall(PATH, 1);
          CompletableFuture<Response> secondCall = call(second, "Bearer token-of-alice-123");

          assertEachMadeItsOwnCall(firstCall, secondCall);
        });
  }

  /**
   * Hazard: a caller whose call timeout ends while another instance still calls must fail as its
   * own call would, not wait on for that instance; the other instance's caller is untouched.
   */
  @Test
  void aCallerWhoseOwnDeadlineEndsWhileAnotherInstanceCallsFailsAlone() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          OkHttpClient first = instance().partition(new OkHttpClient(), "quotes");
          OkHttpClient second =
              instance()
                  .partition(
                      new OkHttpClient.Builder().callTimeout(Duration.ofMillis(500)).build(),
                      "quotes");
          CompletableFuture<Response> firstCall = call(first, "Bearer token-of-alice-123");
          backend.awaitCall(PATH, 1);

          CompletableFuture<Response> secondCall = call(second, "Bearer token-of-alice-123");
          assertThat(secondCall)
              .failsWithin(Duration.ofSeconds(30))
              .withThrowableOfType(ExecutionException.class)
              .havingCause()
              .isInstanceOf(IOException.class);

          backend.releaseFrom(PATH, 1);
          assertThat(body(firstCall)).isEqualTo("call 1");
        });
  }

  private void assertEachMadeItsOwnCall(
      CompletableFuture<Response> first, CompletableFuture<Response> second) throws Exception {
    backend.awaitCall(PATH, 2);
    backend.releaseFrom(PATH, 1);
    assertThat(List.of(body(first), body(second))).containsExactlyInAnyOrder("call 1", "call 2");
  }

  /** Starts an instance's interceptor on its own coordinator. */
  private CollapseInterceptor instance() throws Exception {
    return instances.closeLater(
        new CollapseInterceptor(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/quotes/*", "/whoami/*"))
                .fleet(RedisFleet.of(instances.coordinator()))
                .build()));
  }

  private static OkHttpClient unnamed(CollapseInterceptor interceptor) {
    return new OkHttpClient.Builder().addInterceptor(interceptor).build();
  }

  private CompletableFuture<Response> call(OkHttpClient client, String authorization) {
    return call(
        client,
        new Request.Builder().url(baseUrl + PATH).header("Authorization", authorization).build());
  }

  private CompletableFuture<Response> call(OkHttpClient client, Request request) {
    return CompletableFuture.supplyAsync(
            () -> {
              try {
                return client.newCall(request).execute();
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            },
            callers)
        .exceptionallyCompose(
            failure ->
                CompletableFuture.failedFuture(
                    failure.getCause() instanceof IllegalStateException wrapped
                        ? wrapped.getCause()
                        : failure));
  }

  private static String body(CompletableFuture<Response> call) throws Exception {
    try (Response response = call.get(30, TimeUnit.SECONDS)) {
      return response.body().string();
    }
  }
}
