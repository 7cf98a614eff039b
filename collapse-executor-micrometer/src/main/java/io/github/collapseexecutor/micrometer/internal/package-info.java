/**
 * What this module's observer of the annotated methods and the Spring Boot auto-configuration
 * share to observe calls as the HTTP adapters do: {@link SharedCallObservations},
 * {@link ObservedCaller}, {@link ReportedSizes} and {@link ObservedExecutorRuns}. Not an API: the
 * module exports this package only to the Spring Boot modules, and its types may change in any
 * release.
 */
@NullMarked
package io.github.collapseexecutor.micrometer.internal;

import org.jspecify.annotations.NullMarked;
