package io.github.collapseexecutor.redis;

import org.jspecify.annotations.Nullable;

/**
 * The names the tier uses in Redis, all under one prefix and made only of digests and random
 * tokens. Every key and the channel of one fleet key share the key's hash tag, {@code {digest}}:
 * on Redis Cluster they live in one slot, so that one script can touch the lease and the result
 * and publish on the channel (a shard channel, where the server has sharded pub/sub) together.
 * The prefix holds no braces ({@link FleetOptions.Builder#keyPrefix}), so the tag is the digest.
 */
final class RedisNames {

  private static final String DONE = ":done";

  private final String prefix;

  RedisNames(String prefix) {
    this.prefix = prefix;
  }

  /** Returns the key whose value is the token of the instance that leads {@code digest}. */
  String lease(String digest) {
    return tagged(digest) + ":lease";
  }

  /** Returns the key that holds the fleet's count of writes as the lease of {@code digest} began. */
  String leaseWrites(String digest) {
    return tagged(digest) + ":writes";
  }

  /**
   * Returns the key of the fleet's count of completed writes: one per prefix, in a slot of its
   * own on a cluster, never expiring.
   */
  String writes() {
    return prefix + ":writes";
  }

  /**
   * Returns the key that lists the ids of the instances that told the fleet about themselves
   * lately; each one's own key is this key, a colon and its id ({@link #instance}), in the same
   * slot.
   */
  String instances() {
    return prefix + ":{instances}";
  }

  /** Returns the key of what the instance {@code id} told the fleet about itself. */
  String instance(String id) {
    return instances() + ":" + id;
  }

  /** Returns the key of the result of the call that the lease {@code token} made. */
  String result(String digest, String token) {
    return tagged(digest) + ":result:" + token;
  }

  /** Returns the channel on which the end of a call for {@code digest} is published. */
  String channel(String digest) {
    return tagged(digest) + DONE;
  }

  /**
   * Returns the pattern of every {@link #channel}, for servers without sharded pub/sub: the whole
   * prefix, since Redis grants a pattern subscription only to a user whose channel rule is that
   * very pattern ({@code &prefix:*}), and no other channel of the prefix is published on.
   */
  String channelPattern() {
    return prefix + ":*";
  }

  /**
   * Returns the {@code n}th digest the probe of the instance of {@code instanceToken} may use: a
   * key of its own, and on a cluster one in the slots of each master.
   */
  static String probeDigest(String instanceToken, int n) {
    return "probe-" + instanceToken + "-" + n;
  }

  /** Returns the digest of a {@link #channel}, or {@code null} if it is none of this prefix. */
  @Nullable String digestOf(String channel) {
    String start = prefix + ":{";
    String end = "}" + DONE;
    if (!channel.startsWith(start)
        || !channel.endsWith(end)
        || channel.length() <= start.length() + end.length()) {
      return null;
    }
    return channel.substring(start.length(), channel.length() - end.length());
  }

  /** Returns the key the probe writes to, to learn whether Redis takes writes in its slot. */
  String probe(String digest) {
    return tagged(digest) + ":probe";
  }

  private String tagged(String digest) {
    return prefix + ":{" + digest + "}";
  }
}
