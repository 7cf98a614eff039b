package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.redis.RedisServer;
import io.github.collapseexecutor.testing.redis.TestCertificates;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances on a Redis that speaks TLS only, with a CA and certificates made for the test:
 * the tier takes the trust and key material of the application's client options and coordinates
 * over {@code rediss://}, with mutual TLS too; without them it is misconfigured, and says which
 * certificate is the problem rather than that it could not connect.
 */
@Timeout(120)
final class FleetTlsTest {

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<AutoCloseable> closing = new ArrayList<>();
  private final TierLog log = new TierLog();

  @AfterEach
  void close() throws Exception {
    log.close();
    callers.shutdownNow();
    for (AutoCloseable resource : closing) {
      resource.close();
    }
  }

  @Test
  void mutualTlsWithTheApplicationsKeyAndTrustStoresCoordinates() throws Exception {
    TestCertificates certificates = certificates();
    RedisServer redis = own(RedisServer.builder().tls(certificates, /* authClients= */ true));
    ClientOptions client = ClientOptions.builder().sslOptions(SslOptions.builder()
        .truststore(certificates.trustStore().toFile(), TestCertificates.STORE_PASSWORD)
        .keystore(certificates.clientKeyStore().toFile(),
            TestCertificates.STORE_PASSWORD.toCharArray())
        .build()).build();
    FleetOptions options = TestRedis.options().build();

    FleetCoordinator a = TestRedis.coordinating(instance(redis, client, options));
    FleetCoordinator b = TestRedis.coordinating(instance(redis, client, options));

    assertThat(GatedRound.run(callers, a, b, "/quote", 50)).isEqualTo(1);
  }

  @Test
  void tlsWithTheCaAsPemCoordinates() throws Exception {
    TestCertificates certificates = certificates();
    RedisServer redis = own(RedisServer.builder().tls(certificates, /* authClients= */ false));
    ClientOptions client = ClientOptions.builder().sslOptions(SslOptions.builder()
        .trustManager(certificates.caCertificate().toFile()).build()).build();
    FleetOptions options = TestRedis.options().build();

    FleetCoordinator a = TestRedis.coordinating(instance(redis, client, options));
    FleetCoordinator b = TestRedis.coordinating(instance(redis, client, options));

    assertThat(GatedRound.run(callers, a, b, "/quote", 10)).isEqualTo(1);
  }

  @Test
  void aServerCertificateTheClientDoesNotTrustIsMisconfiguredAndNamed() throws Exception {
    RedisServer redis = own(RedisServer.builder().tls(certificates(), /* authClients= */ false));

    FleetCoordinator a = instance(redis, ClientOptions.create(), TestRedis.options().build());

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem()).hasValueSatisfying(problem -> assertThat(problem)
        .contains("does not trust the server's certificate").contains("trust store")
        .doesNotContain("Unable to connect"));
    assertThat(log.at(Level.SEVERE)).singleElement().asString()
        .contains("does not trust the server's certificate");
  }

  @Test
  void noClientCertificateWhereTheServerAsksForOneIsMisconfiguredAndNamed() throws Exception {
    TestCertificates certificates = certificates();
    RedisServer redis = own(RedisServer.builder().tls(certificates, /* authClients= */ true));
    ClientOptions trustOnly = ClientOptions.builder().sslOptions(SslOptions.builder()
        .truststore(certificates.trustStore().toFile(), TestCertificates.STORE_PASSWORD)
        .build()).build();

    FleetCoordinator a = instance(redis, trustOnly, TestRedis.options().build());

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem()).hasValueSatisfying(problem -> assertThat(problem)
        .contains("client certificate"));
  }

  private FleetCoordinator instance(RedisServer redis, ClientOptions client,
      FleetOptions options) {
    FleetCoordinator coordinator =
        FleetCoordinator.connect(RedisURI.create(redis.uri()), client, options);
    closing.add(0, coordinator);
    return coordinator;
  }

  private TestCertificates certificates() throws Exception {
    TestCertificates certificates = TestCertificates.create();
    closing.add(certificates);
    return certificates;
  }

  private RedisServer own(RedisServer.Builder builder) throws Exception {
    RedisServer server = builder.start();
    closing.add(0, server);
    return server;
  }

  private static void awaitState(FleetCoordinator coordinator, FleetState state) {
    awaitTrue(() -> coordinator.stats().state() == state,
        "the tier to be " + state + ": " + coordinator.stats(), 30);
  }
}
