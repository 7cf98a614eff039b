package io.github.collapseexecutor.spring.webflux;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;

/**
 * Spring's own observation of a server request ({@code http.server.requests}), which WebFlux
 * keeps in the exchange's attributes: its handler mapping notes there the path pattern of the
 * route it matched, recorded as the {@code uri} key. A request that gets a replay never reaches a
 * handler mapping, so it is told the pattern of the request that did; without it, Spring would
 * record the replay under {@code UNKNOWN}.
 */
final class ServerObservations {

  private ServerObservations() {}

  /** Returns the path pattern the observation kept in {@code attributes} noted, if any. */
  static @Nullable String pathPattern(Map<String, Object> attributes) {
    return ServerRequestObservationContext.findCurrent(attributes)
        .map(ServerRequestObservationContext::getPathPattern).orElse(null);
  }

  /**
   * Notes {@code pathPattern} on the observation kept in {@code attributes}, where it noted none
   * yet.
   */
  static void tellPathPattern(@Nullable String pathPattern, Map<String, Object> attributes) {
    if (pathPattern == null) {
      return;
    }
    ServerRequestObservationContext.findCurrent(attributes).ifPresent(context -> {
      if (context.getPathPattern() == null) {
        context.setPathPattern(pathPattern);
      }
    });
  }
}
