package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How an HTTP adapter is observed: the registry that observes every shared call (an observation
 * named {@code collapse.call}, a child of the request that made it) and adds
 * {@code collapse.outcome} to the observation each request is made in, and the convention of the
 * shared calls' observations. Span links need {@code micrometer-tracing-bridge-otel}. The
 * auto-configuration observes the annotated methods with the same registry and convention.
 *
 * <pre>{@code
 * HttpCollapseOptions.builder()
 *     .group(CollapseGroup.ofUris("/user/*"))
 *     .observations(CollapseObservations.of(observationRegistry))
 *     .build();
 * }</pre>
 *
 * @param registry the registry
 * @param convention the convention of the shared calls' observations, or {@code null} for
 *     {@link DefaultCollapseObservationConvention}
 */
public record CollapseObservations(ObservationRegistry registry,
    @Nullable CollapseObservationConvention convention) implements CallObserver.Factory {

  /** Checks the registry. */
  public CollapseObservations {
    Objects.requireNonNull(registry, "registry");
  }

  /** Returns observations on {@code registry}, with the default convention. */
  public static CollapseObservations of(ObservationRegistry registry) {
    return new CollapseObservations(registry, null);
  }

  /** Returns these observations with {@code convention} instead. */
  public CollapseObservations withConvention(CollapseObservationConvention convention) {
    return new CollapseObservations(registry, Objects.requireNonNull(convention, "convention"));
  }

  /** Returns the observer of the HTTP adapter that {@code options} configure. */
  @Override
  public CallObserver create(HttpCollapseOptions options) {
    return new ObservedCalls(this, options);
  }
}
