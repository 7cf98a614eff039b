/**
 * What the integrations of this project (the annotations, the Spring Boot auto-configuration)
 * share to observe their calls as the HTTP adapters do: {@link SharedCallObservations},
 * {@link ObservedCaller}, {@link ReportedSizes} and {@link ObservedExecutorRuns}. Not an API: the
 * module exports this package only to those modules, and its types may change in any release.
 */
@NullMarked
package io.github.collapseexecutor.micrometer.internal;

import org.jspecify.annotations.NullMarked;
