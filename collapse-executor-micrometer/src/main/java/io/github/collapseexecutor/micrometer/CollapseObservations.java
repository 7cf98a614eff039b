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
 * <p>Made with {@link #of} and {@link #withConvention}; equal when the registry and the
 * convention are.
 */
public final class CollapseObservations implements CallObserver.Factory {

  private final ObservationRegistry registry;
  private final @Nullable CollapseObservationConvention convention;

  private CollapseObservations(
      ObservationRegistry registry, @Nullable CollapseObservationConvention convention) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.convention = convention;
  }

  /** Returns observations on {@code registry}, with the default convention. */
  public static CollapseObservations of(ObservationRegistry registry) {
    return new CollapseObservations(registry, null);
  }

  /**
   * Returns these observations with {@code convention} instead, or with
   * {@link DefaultCollapseObservationConvention} when it is {@code null}.
   */
  public CollapseObservations withConvention(@Nullable CollapseObservationConvention convention) {
    return new CollapseObservations(registry, convention);
  }

  /** Returns the registry that observes every shared call. */
  public ObservationRegistry registry() {
    return registry;
  }

  /**
   * Returns the convention of the shared calls' observations, or {@code null} for
   * {@link DefaultCollapseObservationConvention}.
   */
  public @Nullable CollapseObservationConvention convention() {
    return convention;
  }

  /** Returns the observer of the HTTP adapter that {@code options} configure. */
  @Override
  public CallObserver create(HttpCollapseOptions options) {
    return new ObservedCalls(this, options);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapseObservations that
        && registry.equals(that.registry)
        && Objects.equals(convention, that.convention);
  }

  @Override
  public int hashCode() {
    return Objects.hash(registry, convention);
  }

  @Override
  public String toString() {
    return "CollapseObservations[registry=" + registry + ", convention=" + convention + "]";
  }
}
