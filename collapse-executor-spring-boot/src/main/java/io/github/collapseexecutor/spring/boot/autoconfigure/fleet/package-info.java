/**
 * Spring Boot auto-configuration of the fleet tier ({@code collapse-executor-redis}): a
 * {@code FleetCoordinator} on the application's Redis, its meters and its state for the
 * {@code collapse} actuator endpoint. Only its auto-configuration names Redis types; the classes
 * the endpoint reads do not, so that an application without the tier loads none of them.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import org.jspecify.annotations.NullMarked;
