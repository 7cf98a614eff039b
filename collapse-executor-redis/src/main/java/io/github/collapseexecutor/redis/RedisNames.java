package io.github.collapseexecutor.redis;

/**
 * The names the tier uses in Redis, all under one prefix and made only of digests and random
 * tokens. The lease and the results of one key share the key's hash tag, {@code {digest}}, so
 * that they live on one Redis Cluster node and one script can touch them together.
 */
final class RedisNames {

  private final String prefix;

  RedisNames(String prefix) {
    this.prefix = prefix;
  }

  /** Returns the key whose value is the token of the instance that leads {@code digest}. */
  String lease(String digest) {
    return prefix + ":{" + digest + "}:lease";
  }

  /** Returns the key of the result of the call that the lease {@code token} made. */
  String result(String digest, String token) {
    return prefix + ":{" + digest + "}:result:" + token;
  }

  /** Returns the channel on which the end of a call for {@code digest} is published. */
  String channel(String digest) {
    return prefix + ":done:" + digest;
  }

  /** Returns the pattern of every {@link #channel}. */
  String channelPattern() {
    return prefix + ":done:*";
  }

  /** Returns the digest of a {@link #channel}. */
  String digestOf(String channel) {
    return channel.substring(prefix.length() + ":done:".length());
  }

  /** Returns the key the probe writes to, to learn whether Redis takes writes. */
  String probe() {
    return prefix + ":probe";
  }
}
