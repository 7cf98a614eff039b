/**
 * The fleet tier's seam: {@link io.github.collapseexecutor.fleet.Fleet}, which the adapters call
 * and a store implements ({@code collapse-executor-redis}), {@link
 * io.github.collapseexecutor.fleet.FleetCodec}, how a {@code @Collapsible} method's results cross
 * as bytes, {@link io.github.collapseexecutor.fleet.PortableText}, how a key is written so that
 * another instance writes an equal key alike, and {@link
 * io.github.collapseexecutor.fleet.FleetStats}, what the tier of one instance did, which a store
 * counts and meters and endpoints read. JDK only. See {@code docs/scale-out.md}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.fleet;

import org.jspecify.annotations.NullMarked;
