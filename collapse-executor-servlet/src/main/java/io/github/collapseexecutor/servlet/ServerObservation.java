package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.servlet.ReplayObservation.Recorded;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ReplayObservation} the class path offers, found once: the first implementation that
 * loads, or none. An implementation that cannot load (its framework is missing) is skipped rather
 * than failing the filter.
 */
final class ServerObservation {

  /** The request attribute that holds what a waiting request's own run of the chain recorded. */
  private static final String OWN_RUN = ServerObservation.class.getName() + ".ownRun";

  private static final @Nullable ReplayObservation FOUND = find();

  private ServerObservation() {}

  /** Returns what the observation of {@code request} recorded, or {@code null}. */
  static @Nullable Recorded of(HttpServletRequest request) {
    return FOUND == null ? null : FOUND.recorded(request);
  }

  /**
   * Tells the observation of {@code request} the path pattern and the exception that another
   * request's observation recorded ({@link #of}), where it recorded either.
   */
  static void tell(
      @Nullable String pathPattern, @Nullable Throwable error, HttpServletRequest request) {
    if ((pathPattern != null || error != null) && FOUND != null) {
      FOUND.tell(new Recorded(pathPattern, error), request);
    }
  }

  /**
   * Notes what the observation of {@code request} recorded once the chain it ran on an
   * {@code ASYNC} dispatch returned or threw, for {@link #restoreOwnRun}.
   */
  static void noteOwnRun(HttpServletRequest request) {
    Recorded own = of(request);
    if (own == null) {
      request.removeAttribute(OWN_RUN);
    } else {
      request.setAttribute(OWN_RUN, own);
    }
  }

  /**
   * Tells the observation of {@code request}, which completes, what its own run of the chain
   * recorded ({@link #noteOwnRun}), over what an error dispatch since noted
   * ({@link ReplayObservation#restore}).
   */
  static void restoreOwnRun(ServletRequest request) {
    if (FOUND != null
        && request instanceof HttpServletRequest http
        && http.getAttribute(OWN_RUN) instanceof Recorded own) {
      FOUND.restore(own, http);
    }
  }

  private static @Nullable ReplayObservation find() {
    var providers =
        ServiceLoader.load(ReplayObservation.class, ServerObservation.class.getClassLoader())
            .iterator();
    while (true) {
      try {
        if (!providers.hasNext()) {
          return null;
        }
        return providers.next();
      } catch (ServiceConfigurationError | LinkageError unusable) {
        // an implementation whose framework is not on the class path: try the next one
      }
    }
  }
}
