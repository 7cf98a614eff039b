package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import java.util.List;

/**
 * Where the fleet tier connects, and with which client options: one address (a standalone Redis,
 * or a Sentinel set that names its master) or the seeds of a cluster. {@link ApplicationRedis}
 * reads it from the application's connection factory.
 */
sealed interface FleetConnection {

  /** Returns a coordinator on this connection, with a client of its own. */
  FleetCoordinator connect(FleetOptions options);

  /** Says where the tier connects, for the log: addresses, never credentials. */
  String where();

  private static String address(RedisURI uri) {
    return (uri.getSocket() != null ? uri.getSocket() : uri.getHost() + ":" + uri.getPort())
        + (uri.isSsl() ? " (TLS)" : "");
  }

  /** A standalone Redis, a Sentinel set or a Unix socket, named by one URI. */
  record Single(RedisURI uri, ClientOptions clientOptions) implements FleetConnection {

    @Override
    public FleetCoordinator connect(FleetOptions options) {
      return FleetCoordinator.connect(uri, clientOptions, options);
    }

    @Override
    public String where() {
      if (uri.getSentinelMasterId() == null) {
        return "Redis " + FleetConnection.address(uri);
      }
      return "the master '"
          + uri.getSentinelMasterId()
          + "' of the Sentinels "
          + uri.getSentinels().stream().map(FleetConnection::address).toList();
    }
  }

  /** A cluster, found through its seed nodes. */
  record Cluster(List<RedisURI> seeds, ClusterClientOptions clientOptions)
      implements FleetConnection {

    public Cluster {
      seeds = List.copyOf(seeds);
    }

    @Override
    public FleetCoordinator connect(FleetOptions options) {
      return FleetCoordinator.connectCluster(seeds, clientOptions, options);
    }

    @Override
    public String where() {
      return "the cluster of " + seeds.stream().map(FleetConnection::address).toList();
    }
  }
}
