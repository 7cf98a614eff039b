package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The defaults that IDEs show for the sensitive headers come from a hand-written metadata file,
 * since the annotation processor cannot read a default built from a constant: they must stay the
 * library's defaults.
 */
final class ConfigurationMetadataTest {

  private static List<String> defaultValue(String property) throws Exception {
    try (InputStream metadata = ConfigurationMetadataTest.class.getResourceAsStream(
        "/META-INF/additional-spring-configuration-metadata.json")) {
      for (JsonNode entry : JsonMapper.builder().build().readTree(metadata).get("properties")) {
        if (entry.get("name").asString().equals(property)) {
          List<String> values = new ArrayList<>();
          entry.get("defaultValue").forEach(value -> values.add(value.asString()));
          return values;
        }
      }
    }
    throw new AssertionError("no metadata for " + property);
  }

  private static List<String> sorted(Set<String> names) {
    return List.copyOf(new TreeSet<>(names));
  }

  @Test
  void sensitiveHeaderDefaultsShownToIdesAreTheLibrarysDefaults() throws Exception {
    assertThat(defaultValue("collapse.executor.sensitive-headers"))
        .isEqualTo(sorted(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS))
        .isEqualTo(new CollapseExecutorProperties().getSensitiveHeaders());
    assertThat(defaultValue("collapse.executor.sensitive-header-patterns"))
        .isEqualTo(sorted(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS))
        .isEqualTo(new CollapseExecutorProperties().getSensitiveHeaderPatterns());
  }
}
