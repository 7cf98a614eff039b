package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.util.Objects;

/**
 * A fleet tier that cannot be wired as the configuration asks, found while the beans are made:
 * the property to change, the condition that does not hold, and what to do. Spring Boot prints it
 * as a failure analysis rather than the stack of the bean creation that found it. The mistakes
 * the configuration shows by itself (a short secret, a missing module) are found earlier, with
 * every other mistake of the configuration; these are the ones only the beans show.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class FleetWiringException extends IllegalStateException {

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
  public FleetWiringException(String property, String reason, String action) {
    super(property + ": " + reason + ". " + action);
    this.property = Objects.requireNonNull(property, "property");
    this.reason = Objects.requireNonNull(reason, "reason");
    this.action = Objects.requireNonNull(action, "action");
  }

  /** Returns the key to change. */
  public String property() {
    return property;
  }

  /** Returns what does not hold. */
  public String reason() {
    return reason;
  }

  /** Returns what to change. */
  public String action() {
    return action;
  }
}
