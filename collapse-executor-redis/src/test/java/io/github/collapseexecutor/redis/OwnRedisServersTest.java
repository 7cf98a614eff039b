package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.testing.redis.RedisAdmin;
import io.github.collapseexecutor.testing.redis.RedisSentinels;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.github.collapseexecutor.testing.redis.TestCertificates;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Redis servers the tests start for themselves, as their users rely on them: the settings
 * given hold, TLS takes the certificates made for it, a Sentinel set agrees on its master, and
 * nothing of them is left running after close.
 */
@Timeout(120)
final class OwnRedisServersTest {

  @Test
  void aServerHasThePasswordUsersAndPolicyItWasGiven() throws Exception {
    int port;
    try (RedisServer redis =
        RedisServer.builder()
            .requirePass("admin-pw")
            .user("reader on >reader-pw ~app:* +get")
            .maxmemoryPolicy("allkeys-lru")
            .start()) {
      port = redis.port();
      assertThat(redis.command("CONFIG", "GET", "maxmemory-policy"))
          .isEqualTo(List.of("maxmemory-policy", "allkeys-lru"));
      RedisClient client =
          RedisClient.create(
              RedisURI.builder()
                  .withHost("127.0.0.1")
                  .withPort(port)
                  .withAuthentication("reader", "reader-pw".toCharArray())
                  .build());
      try (StatefulRedisConnection<String, String> reader = client.connect()) {
        assertThat(reader.sync().get("app:x")).isNull();
        assertThatThrownBy(() -> reader.sync().set("app:x", "1")).hasMessageContaining("NOPERM");
      } finally {
        client.shutdown();
      }
    }
    assertThat(TestRedis.listening(port)).as("stopped on close").isFalse();
  }

  @Test
  void aTlsServerTakesOnlyClientsWithTheCertificatesOfItsCa() throws Exception {
    try (TestCertificates certificates = TestCertificates.create();
        RedisServer redis =
            RedisServer.builder().tls(certificates, /* authClients= */ true).start()) {
      assertThat(redis.uri()).startsWith("rediss://");
      RedisClient client = RedisClient.create(RedisURI.create(redis.uri()));
      client.setOptions(
          io.lettuce.core.ClientOptions.builder()
              .sslOptions(
                  SslOptions.builder()
                      .truststore(
                          certificates.trustStore().toFile(), TestCertificates.STORE_PASSWORD)
                      .keystore(
                          certificates.clientKeyStore().toFile(),
                          TestCertificates.STORE_PASSWORD.toCharArray())
                      .build())
              .build());
      try (StatefulRedisConnection<String, String> tls = client.connect()) {
        assertThat(tls.sync().ping()).isEqualTo("PONG");
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void aSentinelSetNamesOneMasterWithAReplicaAndStopsOnClose() throws Exception {
    List<Integer> ports;
    try (RedisSentinels sentinels = RedisSentinels.start()) {
      ports =
          List.of(
              sentinels.masterPort(),
              sentinels.replicaPort(),
              sentinels.sentinelPorts().get(0),
              sentinels.sentinelPorts().get(1),
              sentinels.sentinelPorts().get(2));
      try (RedisAdmin replica = sentinels.admin(sentinels.replicaPort())) {
        assertThat(replica.text("INFO", "replication"))
            .contains("role:slave")
            .contains("master_port:" + sentinels.masterPort());
      }
      assertThat(sentinels.uri())
          .startsWith("redis-sentinel://127.0.0.1:")
          .endsWith("#" + RedisSentinels.MASTER_NAME);
    }
    assertThat(ports).noneMatch(TestRedis::listening);
  }
}
