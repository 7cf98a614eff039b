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

  /** A standalone Redis, a Sentinel set or a Unix socket, named by one URI. */
  record Single(RedisURI uri, ClientOptions clientOptions) implements FleetConnection {

    @Override
    public FleetCoordinator connect(FleetOptions options) {
      return FleetCoordinator.connect(uri, clientOptions, options);
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
  }
}
