package io.github.collapseexecutor.spring.http.servlet;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * What the chain told the server's own observation, Spring's {@code http.server.requests} opened
 * by a {@code ServerHttpObservationFilter} before the collapse filter, and the telling of it to a
 * waiting request's observation when that request gets a replay: the path pattern the handler
 * matched (the {@code uri} key and the contextual name) and the exception the chain recorded (the
 * {@code exception} key), so that a replayed response is recorded as the response it is. The
 * status and outcome come from the replayed status by themselves.
 *
 * <p>Spring Web and Micrometer's observation API are optional: without them there is nothing to
 * tell, and nothing here touches their classes.
 */
final class ServerObservation {

  private static final boolean PRESENT =
      present("org.springframework.web.filter.ServerHttpObservationFilter")
          && present("io.micrometer.observation.Observation");

  private ServerObservation() {}

  /**
   * What the chain told the server's observation.
   *
   * @param pathPattern the path pattern of the handler, or {@code null}
   * @param error the exception recorded, or {@code null}
   */
  record Told(String pathPattern, Throwable error) {}

  /** Returns what the chain told the observation of {@code request}, or {@code null}. */
  static Told of(HttpServletRequest request) {
    return PRESENT ? Spring.of(request) : null;
  }

  /** Tells the observation of {@code request} what {@code told} says, where it says nothing. */
  static void tell(Told told, HttpServletRequest request) {
    if (told != null && PRESENT) {
      Spring.tell(told, request);
    }
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, ServerObservation.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }

  /** The part that touches Spring's classes; loaded only when they are there. */
  private static final class Spring {

    static Told of(HttpServletRequest request) {
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
      return pattern == null && error == null ? null : new Told(pattern, error);
    }

    static void tell(Told told, HttpServletRequest request) {
      ServerHttpObservationFilter.findObservationContext(request).ifPresent(context -> {
        if (told.pathPattern() != null && context.getPathPattern() == null) {
          context.setPathPattern(told.pathPattern());
        }
        if (told.error() != null && context.getError() == null) {
          context.setError(told.error());
        }
      });
    }
  }
}
