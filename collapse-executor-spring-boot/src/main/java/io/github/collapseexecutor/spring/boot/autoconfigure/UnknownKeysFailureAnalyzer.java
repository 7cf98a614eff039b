package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Describes a startup that failed on {@code collapse.executor} keys no property binds: each key,
 * where it was set and the nearest known key, and how to start anyway.
 */
final class UnknownKeysFailureAnalyzer extends AbstractFailureAnalyzer<UnknownKeysException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, UnknownKeysException cause) {
    StringBuilder description = new StringBuilder("Unknown collapse configuration keys:\n");
    for (UnknownKey key : cause.keys()) {
      description.append("\n    ").append(key.message());
      if (key.origin() != null) {
        description.append("\n    Origin: ").append(key.origin());
      }
      description.append('\n');
    }
    return new FailureAnalysis(
        description.toString(),
        "Correct or remove each key above. To"
            + " start with keys this version does not know, as when the configuration is shared with"
            + " other versions, set collapse.executor.unknown-keys=warn to log them instead, or"
            + " ignore. Every collapse.executor key: "
            + UnknownKeyCheck.REFERENCE,
        cause);
  }
}
