package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.servlet.ReplayObservation.Recorded;
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

  private static final @Nullable ReplayObservation FOUND = find();

  private ServerObservation() {}

  /** Returns what the observation of {@code request} recorded, or {@code null}. */
  static @Nullable Recorded of(HttpServletRequest request) {
    return FOUND == null ? null : FOUND.recorded(request);
  }

  /** Tells the observation of {@code request} what {@code recorded} says. */
  static void tell(@Nullable Recorded recorded, HttpServletRequest request) {
    if (recorded != null && FOUND != null) {
      FOUND.tell(recorded, request);
    }
  }

  private static @Nullable ReplayObservation find() {
    var providers = ServiceLoader.load(ReplayObservation.class,
        ServerObservation.class.getClassLoader()).iterator();
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
