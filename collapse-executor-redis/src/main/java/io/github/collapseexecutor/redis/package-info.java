/**
 * Collapse across a fleet of instances, coordinated through Redis: {@link
 * io.github.collapseexecutor.redis.FleetCoordinator} makes one backend call per key for every
 * instance that shares one Redis, and goes on as local collapse, without an error, whenever Redis
 * is down, slow or full. See {@code docs/scale-out.md}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.redis;

import org.jspecify.annotations.NullMarked;
