package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.origin.Origin;

/**
 * The {@code collapse.executor} values that the library's builders rejected, each with its key,
 * so that startup fails with every mistake at once; {@link InvalidPropertiesFailureAnalyzer}
 * describes them.
 */
final class InvalidPropertiesException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final transient List<InvalidProperty> properties;

  InvalidPropertiesException(List<InvalidProperty> properties) {
    super(
        properties.stream()
            .map(InvalidProperty::toString)
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
   * @param value the value as the configuration wrote it ({@code '-5s'}), or as bound when no
   *     source holds it under the key (a list written item by item)
   * @param origin where it was set ({@code class path resource [application.yml] - 4:19}), or
   *     {@code null} if the source does not say
   * @param reason why the builder that takes it rejected it
   */
  record InvalidProperty(String key, String value, @Nullable Origin origin, String reason) {

    @Override
    public String toString() {
      return key + "=" + value + ": " + reason;
    }
  }
}
