package io.github.collapseexecutor.redis;

/**
 * The outcome of {@link RedisLink#claim}: this instance leads, or {@code holder} does for
 * {@code leaseMillis} more at most, with a call that started before a write the fleet completed
 * if {@code overtaken}.
 */
record Claim(boolean led, String holder, long leaseMillis, boolean overtaken) {
  static final Claim LED = new Claim(true, "", 0, false);
}
