package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failover case's own Sentinel set and cluster on real redis-server processes, each where
 * redis-server (and for the cluster redis-cli) is installed.
 */
@Timeout(120)
final class RedisSetsTest {

  @TempDir Path dir;

  @Test
  void sentinelSet_failsTheMasterOverToTheReplicaOnSentinelFailover() throws Exception {
    Path program = installed(RedisServer.find().orElse(null));
    try (SentinelSet set = SentinelSet.start(program, dir)) {
      int master = set.masterPort();

      assertThat(set.failOver()).isEqualTo(master);
      set.awaitNewMaster(master);

      assertThat(set.masterPort()).isNotEqualTo(master);
      assertThat(set.sentinelNodes()).matches("127\\.0\\.0\\.1:\\d+(,127\\.0\\.0\\.1:\\d+){2}");
    }
  }

  @Test
  void clusterSet_findsTheMasterOfAKeyAndHandsItsSlotsToTheReplicaOnClusterFailover()
      throws Exception {
    Path program = installed(RedisServer.find().orElse(null));
    Path cli = installed(ClusterSet.findCli().orElse(null));
    try (ClusterSet cluster = ClusterSet.start(program, cli, dir)) {
      String seed = cluster.nodeAddresses().split(",")[0];
      RedisClusterClient client = RedisClusterClient.create(RedisURI.create("redis://" + seed));
      try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
        connection.sync().set("collapse-load:{k}:lease", "token");
      } finally {
        client.shutdown();
      }
      int master = cluster.masterHolding("collapse-load:{*}:*").orElseThrow();
      int replica = cluster.replicaOf(master);

      cluster.failOver(replica);
      cluster.awaitMaster(replica);

      assertThat(cluster.masterHolding("collapse-load:{*}:*")).contains(replica);
      assertThat(cluster.isMaster(master)).isFalse();
    }
  }

  private static Path installed(Path program) {
    assumeTrue(program != null, "redis-server or redis-cli is not installed");
    return program;
  }
}
