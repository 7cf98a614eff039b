package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.InvalidPropertiesException.InvalidProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Describes a startup that failed on {@code collapse.executor} values the library rejected: each
 * key, its value as written, where it was set and the reason, the way Spring Boot describes a
 * binding failure.
 */
final class InvalidPropertiesFailureAnalyzer
    extends AbstractFailureAnalyzer<InvalidPropertiesException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, InvalidPropertiesException cause) {
    StringBuilder description = new StringBuilder("Invalid collapse configuration:\n");
    for (InvalidProperty property : cause.properties()) {
      description
          .append("\n    Property: ")
          .append(property.key())
          .append("\n    Value: ")
          .append(property.value());
      if (property.origin() != null) {
        description.append("\n    Origin: ").append(property.origin());
      }
      description.append("\n    Reason: ").append(property.reason()).append('\n');
    }
    return new FailureAnalysis(
        description.toString(),
        "Update the value of each property above."
            + " Every collapse.executor key, its default and its meaning: "
            + UnknownKeyCheck.REFERENCE,
        cause);
  }
}
