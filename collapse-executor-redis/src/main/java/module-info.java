/**
 * The fleet tier of collapse-executor: one backend call per key across every instance that shares
 * one Redis, behind each instance's own collapse. The module exports its one package, whose public
 * types are the API; the coordination lives in the same package, package-private.
 */
// Lettuce is an automatic module; its RedisClient, RedisClusterClient and RedisURI are in the API.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.collapseexecutor.redis {
  requires transitive lettuce.core;
  // the user named by a RedisURI's credentials, which Lettuce hands out as a Mono
  requires reactor.core;
  // the seam RedisFleet implements, and FleetCodec, in the API
  requires transitive io.github.collapseexecutor.fleet;
  // Nullness annotations on the API: static, so not needed at run time.
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.redis;
}
