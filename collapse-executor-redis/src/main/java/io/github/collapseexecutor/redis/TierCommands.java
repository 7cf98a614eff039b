package io.github.collapseexecutor.redis;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every command the tier sends to Redis, its client's included: what a least-privilege ACL user
 * of the tier needs. A test runs the tier as a user with exactly these.
 */
final class TierCommands {

  /**
   * The commands of a standalone Redis: the scripts by SHA-1, whole where the server lacks them,
   * and loaded as the tier connects; the probe's write; the commands inside the scripts; the end
   * of a call published on a shard channel where the server has them (subscribed per key), or
   * on a classic channel under a pattern subscription; the client's PING as it connects, and
   * the name it gives its connections where the application names them; the count of writes.
   */
  static final List<String> STANDALONE =
      List.of(
          "evalsha",
          "eval",
          "script|load",
          "set",
          "get",
          "incr",
          "pttl",
          "del",
          "strlen",
          "publish",
          "spublish",
          "psubscribe",
          "ssubscribe",
          "sunsubscribe",
          "ping",
          "client|setname");

  /**
   * What the cluster client adds: it reads the cluster's topology from every node, on
   * connections it names.
   */
  static final List<String> CLUSTER = List.of("cluster|nodes", "cluster|myid", "info");

  private TierCommands() {}

  /** Returns the commands, as ACL rules: {@code +evalsha +eval ...}. */
  static String acl(boolean cluster) {
    return all(cluster).map(command -> "+" + command).collect(Collectors.joining(" "));
  }

  /** Returns the commands, for a message: {@code EVALSHA, EVAL, ...}. */
  static String list(boolean cluster) {
    return all(cluster)
        .map(command -> command.toUpperCase(Locale.ROOT).replace('|', ' '))
        .collect(Collectors.joining(", "));
  }

  private static Stream<String> all(boolean cluster) {
    return cluster ? Stream.concat(STANDALONE.stream(), CLUSTER.stream()) : STANDALONE.stream();
  }
}
