package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code collapse.executor} values that the library's builders rejected, each with its key,
 * so that startup fails with every mistake at once; {@link InvalidPropertiesFailureAnalyzer}
 * describes them.
 */
final class InvalidPropertiesException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final transient List<InvalidProperty> properties;

  InvalidPropertiesException(List<InvalidProperty> properties) {
    super(properties.stream().map(InvalidProperty::toString)
        .collect(Collectors.joining("; ", "Invalid collapse configuration: ", "")));
    this.properties = List.copyOf(properties);
  }

  /** Returns the rejected values, in the order they were checked. */
  List<InvalidProperty> properties() {
    return properties;
  }

  /**
   * One rejected value.
   *
   * @param key the property, as written in YAML ({@code collapse.executor.servlet.wait-timeout})
   * @param value the value as bound
   * @param reason why the builder that takes it rejected it
   */
  record InvalidProperty(String key, Object value, String reason) {

    /** Returns the value as a reader of the configuration would write it. */
    String shownValue() {
      return value instanceof String ? "'" + value + "'" : String.valueOf(value);
    }

    @Override
    public String toString() {
      return key + "=" + shownValue() + ": " + reason;
    }
  }
}
