package io.github.collapseexecutor.spring.fleet;

import org.jspecify.annotations.Nullable;

/**
 * What {@link FleetBackend} answers: a record, so that its JSON reads back equal.
 *
 * @param tenant the caller's {@link FleetInstance#TENANT}
 * @param call the number of the backend's call that made it, from 1
 */
public record Quote(String symbol, @Nullable String tenant, int call) {}
