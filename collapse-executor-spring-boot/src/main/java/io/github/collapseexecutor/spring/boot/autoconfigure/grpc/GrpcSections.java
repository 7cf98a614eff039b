package io.github.collapseexecutor.spring.boot.autoconfigure.grpc;

import io.github.collapseexecutor.http.SensitiveHeaders;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.Mode;
import java.util.List;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.util.PatternMatchUtils;

/**
 * What the client and the server sections of gRPC read alike: methods, sensitive metadata and
 * mode.
 */
final class GrpcSections {

  private GrpcSections() {}

  /**
   * The built-in sensitive names, the top-level sensitive headers and patterns (metadata keys are
   * HTTP/2 headers, and a name kept apart everywhere stays apart here) and the section's keys.
   * The top-level non-sensitive headers are not applied: they would only let more callers share.
   */
  static SensitiveHeaders sensitiveMetadata(HttpAdapterProperties http, List<String> section) {
    return SensitiveHeaders.defaults()
        .withAdded(orEmpty(http.getSensitiveHeaders()))
        .withAddedPatterns(orEmpty(http.getSensitiveHeaderPatterns()))
        .withAdded(section);
  }

  /** Every unary method when none is named, else those a name or pattern matches. */
  static Predicate<String> methods(List<String> patterns) {
    if (patterns.isEmpty()) {
      return fullMethodName -> true;
    }
    String[] chosen = patterns.toArray(String[]::new);
    return fullMethodName -> PatternMatchUtils.simpleMatch(chosen, fullMethodName);
  }

  /** Whether the section observes: its own mode, else the top-level one; collapse when neither. */
  static boolean observeOnly(HttpAdapterProperties http, @Nullable Mode section) {
    return (section != null ? section : http.getMode()) == Mode.OBSERVE;
  }

  private static List<String> orEmpty(@Nullable List<String> names) {
    return names == null ? List.of() : names;
  }
}
