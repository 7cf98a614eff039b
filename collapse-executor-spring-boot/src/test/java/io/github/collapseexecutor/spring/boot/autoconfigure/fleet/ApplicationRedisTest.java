package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.cluster.ClusterClientOptions;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisSocketConfiguration;
import org.springframework.data.redis.connection.RedisStaticMasterReplicaConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Where the fleet tier connects, read from the connection factory Spring Boot makes of
 * {@code spring.data.redis}: each topology's addresses, credentials and database, the TLS and
 * client settings on every address, the application's client options, and the tier's own login.
 * Nothing here connects.
 */
final class ApplicationRedisTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(LineFixtures.REDIS_AUTO_CONFIGURATION));

  private final CollapseFleetProperties fleet = new CollapseFleetProperties();

  @Test
  void standaloneTakesHostPortDatabaseAndLogin() {
    connect(
        single(
            uri -> {
              assertThat(uri.getHost()).isEqualTo("cache.example");
              assertThat(uri.getPort()).isEqualTo(6390);
              assertThat(uri.getDatabase()).isEqualTo(3);
              assertLogin(uri, "app", "pw");
              assertThat(uri.isSsl()).isFalse();
            }),
        "spring.data.redis.host=cache.example",
        "spring.data.redis.port=6390",
        "spring.data.redis.database=3",
        "spring.data.redis.username=app",
        "spring.data.redis.password=pw");
  }

  @Test
  void aPasswordWithoutAUserLogsInAsTheDefaultUser() {
    connect(single(uri -> assertLogin(uri, null, "pw")), "spring.data.redis.password=pw");
  }

  @Test
  void tlsClientNameAndCommandTimeoutGoOnTheAddress() {
    connect(
        single(
            uri -> {
              assertThat(uri.isSsl()).isTrue();
              assertThat(uri.getVerifyMode()).isEqualTo(SslVerifyMode.FULL);
              assertThat(uri.getClientName()).isEqualTo("orders");
              assertThat(uri.getTimeout()).isEqualTo(Duration.ofSeconds(3));
            }),
        "spring.data.redis.ssl.enabled=true",
        "spring.data.redis.client-name=orders",
        "spring.data.redis.timeout=3s");
  }

  /** The SSL bundle's material and the connect timeout are in these options; none is lost. */
  @Test
  void theApplicationsClientOptionsAreTakenWhole() {
    runner
        .withPropertyValues("spring.data.redis.connect-timeout=2s")
        .run(
            context -> {
              LettuceConnectionFactory redis = context.getBean(LettuceConnectionFactory.class);
              FleetConnection.Single single =
                  (FleetConnection.Single) ApplicationRedis.connection(redis, fleet);
              ClientOptions application =
                  redis.getClientConfiguration().getClientOptions().orElseThrow();
              assertThat(single.clientOptions()).isSameAs(application);
              assertThat(single.clientOptions().getSocketOptions().getConnectTimeout())
                  .isEqualTo(Duration.ofSeconds(2));
            });
  }

  @Test
  void sentinelNamesTheMasterAndEachSentinelWithItsOwnLogin() {
    connect(
        single(
            uri -> {
              assertThat(uri.getSentinelMasterId()).isEqualTo("primary");
              assertThat(uri.getSentinels())
                  .extracting(RedisURI::getHost, RedisURI::getPort)
                  .containsExactlyInAnyOrder(
                      tuple("s1.example", 26379), tuple("s2.example", 26380));
              uri.getSentinels()
                  .forEach(
                      sentinel -> {
                        assertLogin(sentinel, "watcher", "sentinel-pw");
                        assertThat(sentinel.isSsl()).isTrue();
                      });
              assertLogin(uri, "app", "data-pw");
              assertThat(uri.getDatabase()).isEqualTo(2);
              assertThat(uri.isSsl()).isTrue();
            }),
        "spring.data.redis.sentinel.master=primary",
        "spring.data.redis.sentinel.nodes=s1.example:26379,s2.example:26380",
        "spring.data.redis.sentinel.username=watcher",
        "spring.data.redis.sentinel.password=sentinel-pw",
        "spring.data.redis.username=app",
        "spring.data.redis.password=data-pw",
        "spring.data.redis.database=2",
        "spring.data.redis.ssl.enabled=true");
  }

  @Test
  void theLogSaysWhereTheTierConnectsWithoutItsCredentials() {
    connect(
        connection ->
            assertThat(connection.where())
                .startsWith("the master 'primary' of the Sentinels [s")
                .contains("s1.example:26379 (TLS)", "s2.example:26380 (TLS)")
                .doesNotContain("pw", "watcher"),
        "spring.data.redis.sentinel.master=primary",
        "spring.data.redis.sentinel.nodes=s1.example:26379,s2.example:26380",
        "spring.data.redis.sentinel.username=watcher",
        "spring.data.redis.sentinel.password=sentinel-pw",
        "spring.data.redis.ssl.enabled=true");
    connect(
        connection ->
            assertThat(connection.where())
                .startsWith("the cluster of [")
                .contains("n1.example:7000", "n2.example:7001")
                .doesNotContain("pw"),
        "spring.data.redis.cluster.nodes=n1.example:7000,n2.example:7001",
        "spring.data.redis.password=pw");
    connect(
        connection -> assertThat(connection.where()).isEqualTo("Redis cache.example:6380"),
        "spring.data.redis.host=cache.example",
        "spring.data.redis.port=6380",
        "spring.data.redis.password=pw");
  }

  @Test
  void clusterSeedsAreItsNodesWithTheLoginAndClusterClientOptions() {
    runner
        .withPropertyValues(
            "spring.data.redis.cluster.nodes=n1.example:7000,n2.example:7001",
            "spring.data.redis.username=app",
            "spring.data.redis.password=pw",
            "spring.data.redis.client-name=orders")
        .run(
            context -> {
              FleetConnection.Cluster cluster =
                  (FleetConnection.Cluster)
                      ApplicationRedis.connection(
                          context.getBean(LettuceConnectionFactory.class), fleet);
              assertThat(cluster.seeds())
                  .extracting(RedisURI::getHost, RedisURI::getPort)
                  .containsExactlyInAnyOrder(tuple("n1.example", 7000), tuple("n2.example", 7001));
              cluster
                  .seeds()
                  .forEach(
                      seed -> {
                        assertLogin(seed, "app", "pw");
                        assertThat(seed.getClientName()).isEqualTo("orders");
                      });
              assertThat(cluster.clientOptions()).isInstanceOf(ClusterClientOptions.class);
            });
  }

  @Test
  void theTiersOwnLoginAndDatabaseReplaceTheDataNodesButNotTheSentinels() {
    fleet.setUsername("fleet");
    fleet.setPassword("fleet-pw");
    fleet.setDatabase(5);
    connect(
        single(
            uri -> {
              assertLogin(uri, "fleet", "fleet-pw");
              assertThat(uri.getDatabase()).isEqualTo(5);
              uri.getSentinels().forEach(sentinel -> assertLogin(sentinel, null, "sentinel-pw"));
            }),
        "spring.data.redis.sentinel.master=primary",
        "spring.data.redis.sentinel.nodes=s1.example:26379",
        "spring.data.redis.sentinel.password=sentinel-pw",
        "spring.data.redis.username=app",
        "spring.data.redis.password=data-pw");
    connect(
        single(
            uri -> {
              assertLogin(uri, "fleet", "fleet-pw");
              assertThat(uri.getDatabase()).isEqualTo(5);
            }),
        "spring.data.redis.username=app",
        "spring.data.redis.password=data-pw",
        "spring.data.redis.database=1");
  }

  @Test
  void aPasswordOfItsOwnWithoutAUserLogsTheTierInAsTheDefaultUser() {
    fleet.setPassword("fleet-pw");
    connect(
        single(uri -> assertLogin(uri, null, "fleet-pw")),
        "spring.data.redis.username=app",
        "spring.data.redis.password=data-pw");
  }

  @Test
  void aDatabaseOtherThanZeroOnAClusterNamesTheKeyToRemove() {
    fleet.setDatabase(4);
    runner
        .withPropertyValues("spring.data.redis.cluster.nodes=n1.example:7000")
        .run(
            context ->
                assertThatThrownBy(
                        () ->
                            ApplicationRedis.connection(
                                context.getBean(LettuceConnectionFactory.class), fleet))
                    .isInstanceOfSatisfying(
                        FleetWiringException.class,
                        failure -> {
                          assertThat(failure.property())
                              .isEqualTo("collapse.executor.fleet.database");
                          assertThat(failure.reason())
                              .isEqualTo(
                                  "is 4, and spring.data.redis.cluster.nodes"
                                      + " points at a cluster, which has database 0 only");
                        }));
    fleet.setDatabase(0);
    runner
        .withPropertyValues("spring.data.redis.cluster.nodes=n1.example:7000")
        .run(
            context ->
                assertThat(
                        ApplicationRedis.connection(
                            context.getBean(LettuceConnectionFactory.class), fleet))
                    .isInstanceOf(FleetConnection.Cluster.class));
  }

  @Test
  void aUnixSocketIsAddressedByItsPath() {
    RedisSocketConfiguration socket = new RedisSocketConfiguration("/run/redis/redis.sock");
    socket.setDatabase(7);
    LettuceConnectionFactory redis =
        new LettuceConnectionFactory(socket, LettuceClientConfiguration.defaultConfiguration());
    RedisURI uri = ((FleetConnection.Single) ApplicationRedis.connection(redis, fleet)).uri();
    assertThat(uri.getSocket()).isEqualTo("/run/redis/redis.sock");
    assertThat(uri.getDatabase()).isEqualTo(7);
  }

  /**
   * Spring Boot 4.1's {@code spring.data.redis.masterreplica.nodes}, or a factory of the
   * application's own: refused, rather than connected to the default localhost:6379.
   */
  @Test
  void aStaticMasterReplicaSetIsRefusedNamingItsKeyAndTheWaysOut() {
    RedisStaticMasterReplicaConfiguration nodes =
        new RedisStaticMasterReplicaConfiguration("db1.example", 6379);
    nodes.addNode("db2.example", 6379);
    LettuceConnectionFactory redis =
        new LettuceConnectionFactory(nodes, LettuceClientConfiguration.defaultConfiguration());
    assertThatThrownBy(() -> ApplicationRedis.connection(redis, fleet))
        .isInstanceOfSatisfying(
            FleetWiringException.class,
            failure -> {
              assertThat(failure.property()).isEqualTo("spring.data.redis.masterreplica.nodes");
              assertThat(failure.reason())
                  .contains(
                      "a static master/replica set, whose master the" + " tier cannot follow");
              assertThat(failure.action()).contains("Sentinel").contains("FleetCoordinator bean");
            });
  }

  private void connect(Consumer<FleetConnection> check, String... properties) {
    runner
        .withPropertyValues(properties)
        .run(
            context ->
                check.accept(
                    ApplicationRedis.connection(
                        context.getBean(LettuceConnectionFactory.class), fleet)));
  }

  private static Consumer<FleetConnection> single(Consumer<RedisURI> check) {
    return connection -> {
      assertThat(connection).isInstanceOf(FleetConnection.Single.class);
      check.accept(((FleetConnection.Single) connection).uri());
    };
  }

  private static void assertLogin(RedisURI uri, String username, String password) {
    RedisCredentials credentials = uri.getCredentialsProvider().resolveCredentials().block();
    assertThat(credentials).isNotNull();
    assertThat(credentials.getUsername()).isEqualTo(username);
    assertThat(credentials.getPassword()).containsExactly(password.toCharArray());
  }
}
