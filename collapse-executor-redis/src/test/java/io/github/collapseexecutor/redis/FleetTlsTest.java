package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.github.collapseexecutor.testing.redis.TestCertificates;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import java.util.logging.Level;
import org.junit.jupiter.api.AutoClose;
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

  @AutoClose private final TestResources resources = new TestResources();
  @AutoClose private final TierLog log = new TierLog();

  @Test
  void mutualTlsWithTheApplicationsKeyAndTrustStoresCoordinates() throws Exception {
    TestCertificates certificates = certificates();
    RedisServer redis =
        resources.own(RedisServer.builder().tls(certificates, /* authClients= */ true));
    ClientOptions client =
        ClientOptions.builder()
            .sslOptions(
                SslOptions.builder()
                    .truststore(certificates.trustStore().toFile(), TestCertificates.STORE_PASSWORD)
                    .keystore(
                        certificates.clientKeyStore().toFile(),
                        TestCertificates.STORE_PASSWORD.toCharArray())
                    .build())
            .build();
    FleetOptions options = TestRedis.options().build();

    FleetCoordinator a = TestRedis.coordinating(instance(redis, client, options));
    FleetCoordinator b = TestRedis.coordinating(instance(redis, client, options));

    assertThat(GatedRound.run(resources.callers, a, b, "/quote", 50)).isEqualTo(1);
  }

  @Test
  void tlsWithTheCaAsPemCoordinates() throws Exception {
    TestCertificates certificates = certificates();
    RedisServer redis =
        resources.own(RedisServer.builder().tls(certificates, /* authClients= */ false));
    ClientOptions client =
        ClientOptions.builder()
            .sslOptions(
                SslOptions.builder().trustManager(certificates.caCertificate().toFile()).build())
            .build();
    FleetOptions options = TestRedis.options().build();

    FleetCoordinator a = TestRedis.coordinating(instance(redis, client, options));
    FleetCoordinator b = TestRedis.coordinating(instance(redis, client, options));

    assertThat(GatedRound.run(resources.callers, a, b, "/quote", 10)).isEqualTo(1);
  }

  @Test
  void aServerCertificateTheClientDoesNotTrustIsMisconfiguredAndNamed() throws Exception {
    RedisServer redis =
        resources.own(RedisServer.builder().tls(certificates(), /* authClients= */ false));

    FleetCoordinator a = instance(redis, ClientOptions.create(), TestRedis.options().build());

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .contains("does not trust the server's certificate")
                    .contains("trust store")
                    .doesNotContain("Unable to connect"));
    assertThat(log.awaitAt(Level.SEVERE, "does not trust the server's certificate")).hasSize(1);
  }

  @Test
  void noClientCertificateWhereTheServerAsksForOneIsMisconfiguredAndNamed() throws Exception {
    TestCertificates certificates = certificates();
    RedisServer redis =
        resources.own(RedisServer.builder().tls(certificates, /* authClients= */ true));
    ClientOptions trustOnly =
        ClientOptions.builder()
            .sslOptions(
                SslOptions.builder()
                    .truststore(certificates.trustStore().toFile(), TestCertificates.STORE_PASSWORD)
                    .build())
            .build();

    FleetCoordinator a = instance(redis, trustOnly, TestRedis.options().build());

    awaitState(a, FleetState.MISCONFIGURED);
    assertThat(a.stats().lastProblem())
        .hasValueSatisfying(problem -> assertThat(problem).contains("client certificate"));
  }

  private FleetCoordinator instance(RedisServer redis, ClientOptions client, FleetOptions options) {
    return resources.add(FleetCoordinator.connect(RedisURI.create(redis.uri()), client, options));
  }

  private TestCertificates certificates() throws Exception {
    return resources.add(TestCertificates.create());
  }

  private static void awaitState(FleetCoordinator coordinator, FleetState state) {
    awaitTrue(
        () -> coordinator.stats().state() == state,
        "the tier to be " + state + ": " + coordinator.stats(),
        30);
  }
}
