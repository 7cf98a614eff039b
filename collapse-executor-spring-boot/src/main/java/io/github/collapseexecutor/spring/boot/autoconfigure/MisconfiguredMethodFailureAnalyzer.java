package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Describes a startup that failed on a {@code @Collapsible} or {@code @CollapseBatch} method that
 * cannot be collapsed: the bean, the method, the annotation, the reason and what to change,
 * instead of the stack of the bean creation that found it.
 */
final class MisconfiguredMethodFailureAnalyzer
    extends AbstractFailureAnalyzer<MisconfiguredMethodException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, MisconfiguredMethodException cause) {
    StringBuilder description =
        new StringBuilder("A collapse annotation cannot be applied as written:\n");
    if (cause.bean() != null) {
      description.append("\n    Bean: ").append(cause.bean());
    }
    description
        .append("\n    Method: ")
        .append(cause.methodName())
        .append("\n    Annotation: @")
        .append(cause.annotation())
        .append("\n    Reason: ")
        .append(cause.reason())
        .append('\n');
    return new FailureAnalysis(
        description.toString(),
        cause.action()
            + " The annotations are described at "
            + UnknownKeyCheck.REFERENCE
            + "#annotations",
        cause);
  }
}
