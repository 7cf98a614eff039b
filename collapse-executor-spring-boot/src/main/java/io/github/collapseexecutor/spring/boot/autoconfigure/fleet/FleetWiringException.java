package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.fleet.Fleet;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A fleet tier that cannot be wired as the configuration asks, found while the beans are made:
 * the property to change, the condition that does not hold, and what to do. Spring Boot prints it
 * as a failure analysis rather than the stack of the bean creation that found it. The mistakes
 * the configuration shows by itself (a short secret, a missing module) are found earlier, with
 * every other mistake of the configuration; these are the ones only the beans show.
 */
final class FleetWiringException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final String property;
  private final String reason;
  private final String action;

  /**
   * @param property the key to change, as written in YAML
   *     ({@code collapse.executor.rest-template.apply-to-beans})
   * @param reason what does not hold
   * @param action what to change
   */
  FleetWiringException(String property, String reason, String action) {
    super(property + ": " + reason + ". " + action);
    this.property = Objects.requireNonNull(property, "property");
    this.reason = Objects.requireNonNull(reason, "reason");
    this.action = Objects.requireNonNull(action, "action");
  }

  /**
   * Returns {@code tier}, which the {@code fleet} key of the section {@code key} asks for.
   *
   * @throws FleetWiringException naming what is missing, if there is none
   */
  static Fleet requireTier(@Nullable Fleet tier, String key) {
    if (tier == null) {
      // the configuration check finds the usual causes before any bean is made; this is what is
      // left (a context without it, a coordinator that backed off for want of a Redis bean)
      throw new FleetWiringException(
          "collapse.executor." + key + ".fleet",
          "it is true, and there is no fleet tier (no Fleet bean)",
          "Set collapse.executor.fleet.secret, with collapse-executor-redis and Spring Data"
              + " Redis (Lettuce) on the class path and a Redis connection factory, or define a"
              + " Fleet bean; or set collapse.executor."
              + key
              + ".fleet=false.");
    }
    return tier;
  }

  /** Returns the key to change. */
  String property() {
    return property;
  }

  /** Returns what does not hold. */
  String reason() {
    return reason;
  }

  /** Returns what to change. */
  String action() {
    return action;
  }
}
