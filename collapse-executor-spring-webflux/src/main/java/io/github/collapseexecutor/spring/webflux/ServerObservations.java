package io.github.collapseexecutor.spring.webflux;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;

/**
 * Spring's own observation of a server request ({@code http.server.requests}), which WebFlux
 * keeps in the exchange's attributes: its handler mapping notes there the path pattern of the
 * route it matched, recorded as the {@code uri} key, and an application may note there an
 * exception it handled itself (an {@code @ExceptionHandler} that answers 500 and sets the error,
 * as Spring's reference shows), recorded as the {@code exception} key. A request that gets a
 * replay never reaches a handler mapping nor that handler, so it is told what the request that did
 * noted; without it, Spring would record the replay under {@code UNKNOWN} and without its
 * exception.
 */
final class ServerObservations {

  private ServerObservations() {}

  /** Returns the path pattern the observation kept in {@code attributes} noted, if any. */
  static @Nullable String pathPattern(Map<String, Object> attributes) {
    return ServerRequestObservationContext.findCurrent(attributes)
        .map(ServerRequestObservationContext::getPathPattern)
        .orElse(null);
  }

  /** Returns the exception the observation kept in {@code attributes} noted, if any. */
  static @Nullable Throwable error(Map<String, Object> attributes) {
    return ServerRequestObservationContext.findCurrent(attributes)
        .map(ServerRequestObservationContext::getError)
        .orElse(null);
  }

  /**
   * Notes {@code pathPattern} and {@code error} on the observation kept in {@code attributes},
   * each where it noted none yet.
   */
  static void tell(
      @Nullable String pathPattern, @Nullable Throwable error, Map<String, Object> attributes) {
    ServerRequestObservationContext.findCurrent(attributes)
        .ifPresent(
            context -> {
              if (pathPattern != null && context.getPathPattern() == null) {
                context.setPathPattern(pathPattern);
              }
              if (error != null && context.getError() == null) {
                context.setError(error);
              }
            });
  }
}
