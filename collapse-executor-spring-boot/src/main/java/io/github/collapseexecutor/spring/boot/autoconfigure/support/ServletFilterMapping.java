package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.util.List;
import java.util.Objects;

/**
 * Where the collapse servlet filter runs: the URL patterns it is mapped to and its order in the
 * chain.
 *
 * @param urlPatterns the URL patterns, at least one, none blank
 * @param order the filter's order
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public record ServletFilterMapping(List<String> urlPatterns, int order) {

  /**
   * Checks and copies the patterns.
   *
   * @throws IllegalArgumentException if there is no pattern, or one is null or blank (an empty
   *     list would map the filter to every path, which is not what an empty list says)
   */
  public ServletFilterMapping {
    Objects.requireNonNull(urlPatterns, "urlPatterns");
    if (urlPatterns.isEmpty()) {
      throw new IllegalArgumentException("urlPatterns must not be empty");
    }
    for (String pattern : urlPatterns) {
      if (pattern == null || pattern.isBlank()) {
        throw new IllegalArgumentException(
            "urlPatterns must not hold a blank pattern: " + urlPatterns);
      }
    }
    urlPatterns = List.copyOf(urlPatterns);
  }
}
