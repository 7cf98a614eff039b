package io.github.collapseexecutor.servlet.spring;

import io.github.collapseexecutor.servlet.ReplayObservation;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * The {@link ReplayObservation} of Spring's {@code http.server.requests}, opened by a
 * {@code ServerHttpObservationFilter} before the collapse filter: a replayed request is recorded
 * under the path pattern the leading request's handler matched (the {@code uri} key and the
 * contextual name) and with the exception its chain recorded (the {@code exception} key). The
 * status and outcome follow from the replayed status by themselves. A request that waited and
 * then ran the chain itself keeps the route its own chain matched, even when the chain failed and
 * the error page's dispatch matched another ({@link #restore}). Registered with
 * {@link java.util.ServiceLoader}; the collapse filter skips it where Spring Web or Micrometer's
 * observation API is missing, since it then fails to load: Spring is optional to this module.
 */
public final class SpringReplayObservation implements ReplayObservation {

  /** Checks that Spring Web's observation filter can be loaded. */
  @SuppressWarnings("ReturnValueIgnored") // loading the classes is the point, not their names
  public SpringReplayObservation() {
    // fails the service loading, which the filter skips, when Spring Web or Micrometer is absent
    ServerHttpObservationFilter.class.getName();
    io.micrometer.observation.Observation.class.getName();
  }

  @Override
  public @Nullable Recorded recorded(HttpServletRequest request) {
    ServerRequestObservationContext context =
        ServerHttpObservationFilter.findObservationContext(request).orElse(null);
    if (context == null) {
      return null;
    }
    Throwable error = context.getError();
    if (error == null
        && request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable set) {
      // what the filter records when the observation stops
      error = set;
    }
    String pattern = context.getPathPattern();
    return pattern == null && error == null ? null : new Recorded(pattern, error);
  }

  /**
   * Notes the path pattern the request's own chain matched over the one Spring MVC noted during
   * the error page's dispatch ({@code /error}), so that the request is recorded under its route
   * as without collapse.
   */
  @Override
  public void restore(Recorded recorded, HttpServletRequest request) {
    ServerHttpObservationFilter.findObservationContext(request)
        .ifPresent(
            context -> {
              if (recorded.pathPattern() != null) {
                context.setPathPattern(recorded.pathPattern());
              }
              if (recorded.error() != null && context.getError() == null) {
                context.setError(recorded.error());
              }
            });
  }

  @Override
  public void tell(Recorded recorded, HttpServletRequest request) {
    ServerHttpObservationFilter.findObservationContext(request)
        .ifPresent(
            context -> {
              if (recorded.pathPattern() != null && context.getPathPattern() == null) {
                context.setPathPattern(recorded.pathPattern());
              }
              if (recorded.error() != null && context.getError() == null) {
                context.setError(recorded.error());
              }
            });
  }
}
