package io.github.collapseexecutor.redis;

/**
 * The outcome of {@link RedisLink#claim}: this instance leads, or {@code holder} does for
 * {@code leaseMillis} more at most.
 */
record Claim(boolean led, String holder, long leaseMillis) {
  static final Claim LED = new Claim(true, "", 0);
}
