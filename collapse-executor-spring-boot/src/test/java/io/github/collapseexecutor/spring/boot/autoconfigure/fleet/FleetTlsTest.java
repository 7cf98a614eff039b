package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpointAutoConfiguration;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.github.collapseexecutor.testing.redis.TestCertificates;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

/**
 * The tier on a Redis that serves TLS only, with certificates of a private CA made by the test,
 * reached through a Spring Boot SSL bundle ({@code spring.data.redis.ssl.bundle}): it trusts what
 * the bundle trusts and presents the bundle's key where the server asks for one (mutual TLS), so
 * the instances coordinate; with a bundle that does not trust the server, the health contributor
 * and the endpoint say the tier is misconfigured, and why. Skipped without redis-server or
 * openssl.
 */
@Timeout(120)
final class FleetTlsTest {

  @Test
  void coordinatesOverMutualTlsWithAPemBundle() throws Exception {
    try (TestCertificates certificates = TestCertificates.create();
        RedisServer redis =
            RedisServer.builder().tls(certificates, /* authClients= */ true).start()) {
      ApplicationContextRunner instance =
          onTls(
              redis,
              "spring.ssl.bundle.pem.redis.truststore.certificate=file:"
                  + certificates.caCertificate(),
              "spring.ssl.bundle.pem.redis.keystore.certificate=file:"
                  + certificates.clientCertificate(),
              "spring.ssl.bundle.pem.redis.keystore.private-key=file:" + certificates.clientKey());
      instance.run(
          first -> instance.run(second -> TwoInstances.assertOneBackendCall(first, second)));
    }
  }

  @Test
  void coordinatesWithAJksBundleThatTrustsThePrivateCa() throws Exception {
    try (TestCertificates certificates = TestCertificates.create();
        RedisServer redis =
            RedisServer.builder().tls(certificates, /* authClients= */ false).start()) {
      ApplicationContextRunner instance =
          onTls(
              redis,
              "spring.ssl.bundle.jks.redis.truststore.location=file:" + certificates.trustStore(),
              "spring.ssl.bundle.jks.redis.truststore.type=PKCS12",
              "spring.ssl.bundle.jks.redis.truststore.password=" + TestCertificates.STORE_PASSWORD);
      instance.run(
          first -> instance.run(second -> TwoInstances.assertOneBackendCall(first, second)));
    }
  }

  @Test
  void aBundleThatDoesNotTrustTheServerIsAMisconfigurationNamingTheCertificate() throws Exception {
    try (TestCertificates certificates = TestCertificates.create();
        TestCertificates otherCa = TestCertificates.create();
        RedisServer redis =
            RedisServer.builder().tls(certificates, /* authClients= */ false).start()) {
      onTls(
              redis,
              "spring.ssl.bundle.pem.redis.truststore.certificate=file:" + otherCa.caCertificate())
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseFleetHealthAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class,
                  CollapseFleetWiringAutoConfiguration.class))
          .withPropertyValues("management.endpoints.web.exposure.include=collapse")
          .run(
              context -> {
                awaitOutOfStart(context);
                FleetDescription fleet =
                    (FleetDescription)
                        context.getBean(CollapseEndpoint.class).collapse().tiers().get("fleet");
                assertThat(fleet).isNotNull();
                assertThat(fleet.state()).isEqualTo("misconfigured");
                assertThat(fleet.lastProblem()).containsIgnoringCase("certificat");
                LineFixtures.HealthView health =
                    LineFixtures.health(context, "collapseFleetHealthIndicator");
                assertThat(health.status()).isEqualTo("UP");
                assertThat(health.details())
                    .containsEntry("state", "misconfigured")
                    .containsKey("lastProblem");
              });
    }
  }

  /** An instance on {@code redis} with TLS on, through the SSL bundle {@code redis}. */
  private static ApplicationContextRunner onTls(RedisServer redis, String... bundle) {
    return TwoInstances.instance(
            "spring.data.redis.host=127.0.0.1",
            "spring.data.redis.port=" + redis.port(),
            "spring.data.redis.ssl.enabled=true",
            "spring.data.redis.ssl.bundle=redis")
        .withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class))
        .withPropertyValues(bundle);
  }

  /** Waits, at most 30 s, until the tier has met Redis and a problem there. */
  private static void awaitOutOfStart(ApplicationContext context) {
    CollapseFleetState state = context.getBean(CollapseFleetState.class);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    FleetDescription fleet = state.describe();
    while (fleet.state().equals("starting") || fleet.lastProblem() == null) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("the tier has not met Redis in 30 s: " + fleet);
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
      fleet = state.describe();
    }
  }
}
