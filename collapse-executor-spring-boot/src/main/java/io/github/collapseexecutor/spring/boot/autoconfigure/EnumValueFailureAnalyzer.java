package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Describes a {@code collapse.executor} key whose value is none of its enum's constants: the key,
 * the value and the values allowed, as users write them ({@code within-credentials}), instead of
 * the converter's {@code No enum constant ...}.
 */
final class EnumValueFailureAnalyzer extends AbstractFailureAnalyzer<BindException>
    implements Ordered {

  @Override
  public int getOrder() {
    // Spring Boot's own analyzer of binding failures would answer first otherwise
    return Ordered.HIGHEST_PRECEDENCE;
  }

  @Override
  protected @Nullable FailureAnalysis analyze(Throwable rootFailure, BindException cause) {
    Class<?> type = cause.getTarget().getType().resolve(Object.class);
    if (!type.isEnum() || !UnknownKeyCheck.PREFIX.isAncestorOf(cause.getName())) {
      return null;
    }
    String allowed = allowed(type);
    ConfigurationProperty property = cause.getProperty();
    StringBuilder description =
        new StringBuilder("Invalid collapse configuration:\n")
            .append("\n    Property: ")
            .append(cause.getName());
    if (property != null) {
      description.append("\n    Value: '").append(property.getValue()).append('\'');
      if (property.getOrigin() != null) {
        description.append("\n    Origin: ").append(property.getOrigin());
      }
    }
    description
        .append("\n    Reason: not one of the allowed values: ")
        .append(allowed)
        .append('\n');
    return new FailureAnalysis(
        description.toString(), "Set " + cause.getName() + " to one of: " + allowed + ".", cause);
  }

  /** Returns the constants of {@code type} as users write them: {@code within-credentials}. */
  static String allowed(Class<?> type) {
    return Arrays.stream(type.getEnumConstants())
        .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT).replace('_', '-'))
        .collect(Collectors.joining(", "));
  }
}
