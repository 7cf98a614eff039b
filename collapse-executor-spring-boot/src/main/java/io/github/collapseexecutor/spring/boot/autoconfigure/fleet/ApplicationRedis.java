package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisSocketConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.RedisStaticMasterReplicaConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.RedisCredentialsProviderFactory;
import org.springframework.util.ReflectionUtils;

/**
 * The Redis that Spring Boot's {@link LettuceConnectionFactory} connects to, as the fleet tier's
 * {@link FleetConnection}: a standalone server (or a Unix socket), a Sentinel set (master name,
 * sentinels with their own credentials, the data nodes' credentials and database) or a cluster
 * (its nodes as seeds), each address with the client configuration's TLS (on, verify mode,
 * StartTLS), client name and command timeout, and the client options whole: the SSL bundle's
 * trust and key material, which Spring Boot puts in their {@code SslOptions}, and the socket
 * options with the connect timeout. The tier's own {@code username}, {@code password} and
 * {@code database} replace the application's on the data nodes (never on the sentinels, whose
 * users are their own), so that the tier can log in as a user allowed only what it needs.
 *
 * <p>A static master/replica set ({@code spring.data.redis.masterreplica.nodes}) is refused: its
 * master is fixed in the configuration, and the tier needs the node that takes writes now.
 */
final class ApplicationRedis {

  static final String CLUSTER_NODES = "spring.data.redis.cluster.nodes";
  static final String MASTER_REPLICA_NODES = "spring.data.redis.masterreplica.nodes";

  private final LettuceConnectionFactory redis;
  private final LettuceClientConfiguration client;
  private final CollapseFleetProperties fleet;

  private ApplicationRedis(LettuceConnectionFactory redis, CollapseFleetProperties fleet) {
    this.redis = redis;
    this.client = redis.getClientConfiguration();
    this.fleet = fleet;
  }

  /**
   * Returns where the tier connects on the Redis of {@code redis}, logged in as {@code fleet}
   * says.
   *
   * @throws FleetWiringException for a static master/replica set, or a database other than 0 on
   *     a cluster
   */
  static FleetConnection connection(LettuceConnectionFactory redis, CollapseFleetProperties fleet) {
    return new ApplicationRedis(redis, fleet).connection();
  }

  private FleetConnection connection() {
    RedisClusterConfiguration cluster = redis.getClusterConfiguration();
    if (redis.isClusterAware() && cluster != null) {
      return cluster(cluster);
    }
    RedisSentinelConfiguration sentinel = redis.getSentinelConfiguration();
    if (redis.isRedisSentinelAware() && sentinel != null) {
      return new FleetConnection.Single(sentinel(sentinel), clientOptions());
    }
    RedisSocketConfiguration socket = redis.getSocketConfiguration();
    if (socket != null) {
      return new FleetConnection.Single(
          dataNode(
              RedisURI.Builder.socket(socket.getSocket()),
              socket,
              socket.getDatabase(),
              socket.getUsername(),
              socket.getPassword()),
          clientOptions());
    }
    if (staticMasterReplica()) {
      throw new FleetWiringException(
          MASTER_REPLICA_NODES,
          "collapse.executor.fleet.secret turns the fleet tier on, and the application's Redis is"
              + " a static master/replica set, whose master the tier cannot follow",
          "Run the tier on Sentinel (spring.data.redis.sentinel.*) or a cluster, define a"
              + " FleetCoordinator bean on the master yourself, or remove"
              + " collapse.executor.fleet.secret to turn the tier off.");
    }
    RedisStandaloneConfiguration server = redis.getStandaloneConfiguration();
    return new FleetConnection.Single(
        dataNode(
            RedisURI.Builder.redis(server.getHostName(), server.getPort()),
            server,
            server.getDatabase(),
            server.getUsername(),
            server.getPassword()),
        clientOptions());
  }

  /** The master of {@code sentinel}'s set, found through its sentinels. */
  private RedisURI sentinel(RedisSentinelConfiguration sentinel) {
    RedisURI.Builder uri =
        RedisURI.builder()
            .withSentinelMasterId(
                Objects.requireNonNull(sentinel.getMaster(), "sentinel master").getName());
    Optional<RedisCredentialsProviderFactory> credentials =
        client.getRedisCredentialsProviderFactory();
    for (RedisNode node : sentinel.getSentinels()) {
      RedisURI.Builder sentinelUri = address(node, RedisURI.DEFAULT_SENTINEL_PORT);
      if (credentials.isPresent()) {
        sentinelUri.withAuthentication(
            credentials.get().createSentinelCredentialsProvider(sentinel));
      } else {
        password(sentinelUri, sentinel.getSentinelUsername(), sentinel.getSentinelPassword());
      }
      uri.withSentinel(connectionSettings(sentinelUri).build());
    }
    return dataNode(
        uri, sentinel, sentinel.getDatabase(), sentinel.getUsername(), sentinel.getPassword());
  }

  private FleetConnection cluster(RedisClusterConfiguration cluster) {
    Integer database = fleet.getDatabase();
    if (database != null && database != 0) {
      throw new FleetWiringException(
          FleetCheck.DATABASE,
          "is "
              + database
              + ", and "
              + CLUSTER_NODES
              + " points at a cluster, which has database 0 only",
          "Remove "
              + FleetCheck.DATABASE
              + ": the tier's key-prefix keeps its keys apart from the"
              + " application's.");
    }
    List<RedisURI> seeds =
        cluster.getClusterNodes().stream()
            .map(
                node -> {
                  RedisURI.Builder uri = address(node, RedisURI.DEFAULT_REDIS_PORT);
                  logIn(uri, cluster, cluster.getUsername(), cluster.getPassword());
                  return connectionSettings(uri).build();
                })
            .toList();
    ClientOptions options = clientOptions();
    return new FleetConnection.Cluster(
        seeds,
        options instanceof ClusterClientOptions clusterOptions
            ? clusterOptions
            : ClusterClientOptions.builder(options).build());
  }

  /** A node that holds data: the tier's database and login, or the application's. */
  private RedisURI dataNode(
      RedisURI.Builder uri,
      RedisConfiguration configuration,
      int database,
      @Nullable String username,
      RedisPassword password) {
    Integer own = fleet.getDatabase();
    uri.withDatabase(own != null ? own : database);
    logIn(uri, configuration, username, password);
    return connectionSettings(uri).build();
  }

  /**
   * Logs in with the tier's own password (and user) where it has one, else as the application
   * does: through its credentials provider, or with its user and password.
   */
  private void logIn(
      RedisURI.Builder uri,
      RedisConfiguration configuration,
      @Nullable String username,
      RedisPassword password) {
    String ownPassword = fleet.getPassword();
    if (ownPassword != null) {
      password(uri, fleet.getUsername(), RedisPassword.of(ownPassword));
      return;
    }
    Optional<RedisCredentialsProviderFactory> credentials =
        client.getRedisCredentialsProviderFactory();
    if (credentials.isPresent()) {
      uri.withAuthentication(credentials.get().createCredentialsProvider(configuration));
    } else {
      password(uri, username, password);
    }
  }

  private static void password(
      RedisURI.Builder uri, @Nullable String username, RedisPassword password) {
    password
        .toOptional()
        .ifPresent(
            secret -> {
              if (username == null) {
                uri.withPassword(secret);
              } else {
                uri.withAuthentication(username, secret);
              }
            });
  }

  /** What Spring Data sets on every address it connects to: TLS, client name, timeout. */
  private RedisURI.Builder connectionSettings(RedisURI.Builder uri) {
    uri.withSsl(client.isUseSsl())
        .withVerifyPeer(client.getVerifyMode())
        .withStartTls(client.isStartTls())
        .withTimeout(client.getCommandTimeout());
    client.getClientName().ifPresent(uri::withClientName);
    return uri;
  }

  private static RedisURI.Builder address(RedisNode node, int defaultPort) {
    Integer port = node.getPort();
    return RedisURI.Builder.redis(
        Objects.requireNonNull(node.getHost(), "host of " + node),
        port != null ? port : defaultPort);
  }

  /**
   * The client options the application's connections use, SSL bundle and connect timeout
   * included; Lettuce's defaults where the configuration has none.
   */
  private ClientOptions clientOptions() {
    return client.getClientOptions().orElseGet(ClientOptions::create);
  }

  /**
   * Whether the factory connects to a static master/replica set: Spring Data shows standalone,
   * Sentinel, cluster and socket configurations, and keeps this one only in a private field, so
   * it is read there; where it cannot be read, the factory is taken as standalone.
   */
  private boolean staticMasterReplica() {
    Field field = ReflectionUtils.findField(LettuceConnectionFactory.class, "configuration");
    if (field == null) {
      return false;
    }
    try {
      ReflectionUtils.makeAccessible(field);
      return ReflectionUtils.getField(field, redis)
          instanceof RedisStaticMasterReplicaConfiguration;
    } catch (RuntimeException e) {
      return false;
    }
  }
}
