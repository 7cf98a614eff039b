package io.github.collapseexecutor.benchmarks.load;

import java.util.List;

/**
 * What one side of the scale-out case measured with the fleet tier.
 *
 * @param points one per instance count
 * @param redisStopped the most instances, with Redis stopped halfway through the run
 * @param redisBack the most instances, once Redis runs again
 */
record FleetTierPoints(
    List<ScaleOutPoint> points, ScaleOutPoint redisStopped, ScaleOutPoint redisBack) {}
