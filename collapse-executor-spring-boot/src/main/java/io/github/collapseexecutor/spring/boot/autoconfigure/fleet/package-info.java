/**
 * Spring Boot auto-configuration of the fleet tier, all of it: a {@code FleetCoordinator} on the
 * application's Redis ({@code collapse-executor-redis}), its meters and its state for the
 * {@code collapse} actuator endpoint; the checks of {@code collapse.executor.fleet} and of every
 * {@code fleet: true} before any bean is made, and the failure analysis of what only the beans
 * show; and what the {@code fleet} keys of the adapters' sections do. The rest of the
 * auto-configuration reaches it only through the neutral types of the {@code support} package
 * (the customizers of the adapters' options, the checks of the clients' wiring and of the
 * settings), and reads its state for the endpoint. Only the coordinator's auto-configuration and
 * the check of {@code collapse.executor.fleet}'s values name Redis types, the check once it found
 * the module present; the classes the endpoint and the wiring read do not, so that an application
 * without the tier loads none of them.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import org.jspecify.annotations.NullMarked;
