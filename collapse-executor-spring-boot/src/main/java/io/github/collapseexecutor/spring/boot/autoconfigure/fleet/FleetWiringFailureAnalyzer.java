package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Describes a startup that failed on a fleet tier the beans could not wire as configured: the
 * property, the condition that does not hold and what to change, instead of the stack of the
 * bean creation that found it.
 */
final class FleetWiringFailureAnalyzer extends AbstractFailureAnalyzer<FleetWiringException> {

  /** Where the fleet tier's keys are described. */
  static final String REFERENCE =
      "https://github.com/collapse-executor/collapse-executor/blob"
          + "/main/docs/spring-boot.md#the-fleet-tier";

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, FleetWiringException cause) {
    return new FailureAnalysis(
        "The collapse fleet tier cannot be wired as configured:\n"
            + "\n    Property: "
            + cause.property()
            + "\n    Reason: "
            + cause.reason()
            + "\n",
        cause.action() + " The fleet tier's keys are described at " + REFERENCE,
        cause);
  }
}
